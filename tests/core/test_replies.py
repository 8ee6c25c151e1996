"""The order of telling, and a player's answers to commands as one reply."""

from hypothesis import given, strategies as st

from nomic_ci.core.files.state import GAME_ISSUE, Tell
from nomic_ci.core.replies import MAX_REPLY, also_told, most_pressing_first, one_reply_each


def reply(comment: int, login: str, answer: str, on: str = "7") -> Tell:
    return Tell(on, f"reply-{comment}", answer, reply_to=comment, mentions=(login,))


def test_decisions_and_closings_are_told_before_the_rest_which_keep_their_order():
    tells = (reply(1, "bob", "done"), Tell(GAME_ISSUE, "turn-1", "your turn", mentions=("a",)),
             Tell("5", "decision", "passed", "passed"), Tell("6", "decision", "refused",
                                                            close=True))
    assert most_pressing_first(tells) == [2, 3, 0, 1]


def test_a_players_answers_are_one_reply_on_their_last_thread_marked_for_each():
    tells = (reply(1, "bob", "it is bob's turn"), reply(2, "carol", "no such command"),
             Tell(GAME_ISSUE, "turn-1", "your turn", mentions=("bob",)),
             reply(3, "bob", "it is bob's turn"), reply(4, "bob", "bob passes", on="9"))
    grouped = one_reply_each(tells)
    assert [t.id for t in grouped] == ["reply-1", "reply-2", "turn-1"]
    bobs = grouped[0]
    assert (bobs.on, bobs.reply_to, bobs.mentions) == ("9", 1, ("bob",))
    assert bobs.message.startswith("<!-- nomic-ci:reply-3 --><!-- nomic-ci:reply-4 -->"
                                   "you wrote 3 commands")
    assert "- your 2 comments on #7: it is bob's turn\n- your comment: bob passes" in \
        bobs.message
    assert grouped[1] == tells[1]  # one command: its reply as it was


def test_a_flood_of_answers_stays_within_a_comment_and_says_what_it_left_out():
    tells = tuple(reply(n, "bob", f"answer {n} " + "x" * 500) for n in range(200))
    (one,) = one_reply_each(tells)
    assert len(one.message) < 65_536 - 1_000
    assert one.message.count("- your comment:") == MAX_REPLY // 520
    assert one.message.endswith(f"- and {200 - MAX_REPLY // 520} more commands, too many to "
                                "answer in one comment")


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["a", "b"]), st.booleans()),
                max_size=30))
def test_every_answer_is_marked_once_and_the_rest_kept_in_order(items):
    tells = tuple(reply(n, ("ann", "ben", "cid", "dee")[who], answer) if command
                  else Tell(GAME_ISSUE, f"turn-{n}", "x") for n, (who, answer, command)
                  in enumerate(items))
    grouped = one_reply_each(tells)
    marks = [t.id for t in grouped] + [m for t in grouped for m in
                                       t.message.split("<!-- nomic-ci:")[1:]]
    marked = sorted(m.split(" -->")[0] for m in marks)
    assert marked == sorted(t.id for t in tells)
    assert [t for t in grouped if t.reply_to is None] == [t for t in tells if t.reply_to is None]
    assert len({t.mentions for t in grouped if t.reply_to is not None}) == \
        len([t for t in grouped if t.reply_to is not None])


def test_a_grouped_reply_tells_the_marks_it_begins_with_and_no_mark_a_player_wrote():
    """What says a question was answered: a mark a player got quoted further in says
    nothing (it would silence another player's command)."""
    (bobs,) = one_reply_each((reply(3, "bob", "it is bob's turn"),
                              reply(4, "bob", "there is no /x <!-- nomic-ci:reply-9 --> command")))
    shown = f"@bob {bobs.message}."
    assert also_told(shown) == ("reply-4",) and bobs.id == "reply-3"
    assert also_told("@bob it is bob's turn.") == ()
    assert also_told("@bob '<!-- nomic-ci:reply-9 -->' is not a command") == ()
