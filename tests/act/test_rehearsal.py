"""The rehearsal of issue 27: a host starts a real game from nothing, and it plays.

`nomic-ci host` against the fake GitHub (the repository created, the game pushed with git,
the dice secret sealed, the ruleset, the first run dispatched); then the game's own
workflows, as it pushed them, under act: the dispatched first run opens and pins the game
issue and mentions the players; a proposal is opened, voted on through the review signal,
and passes, merged by the engine the game carries.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_act  # noqa: E402

from fakegithub import FakeClock, FakeGitHub  # noqa: E402
from tables import run_cli  # noqa: E402

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
ENGINE = "github-actions[bot]"
PLAYERS = {"alice": 501, "bob": 502, "carol": 503}
RULE = "---\nnumber: 150\ntitle: Be Kind\nmutable: true\n---\nPlayers are kind.\n"
WEBHOOKS = Path(__file__).resolve().parents[1] / "fixtures" / "webhooks"


def example(name: str, **pr) -> dict:
    """GitHub's example payload, moved to the game's repository."""
    payload = run_act.retarget_payload(json.loads((WEBHOOKS / name).read_text()),
                                       full_name="hoster/nomic")
    if "pull_request" in payload:
        payload["pull_request"].update(pr)
    return payload


def test_a_host_starts_a_game_from_nothing_and_it_plays(tmp_path):
    run_act.act_binary()  # act is in the [test] extras: without it this fails, never skips
    clock = FakeClock(T0)
    with FakeGitHub("hoster", "nomic", created=False, clock=clock, token_login="hoster",
                    token_type="User", owner_type="User") as fake:
        for login, uid in PLAYERS.items():
            fake.add_user(login, id=uid)
        fake.add_user(ENGINE, id=41898282, type="Bot")
        code, out, err = run_cli("--now", T0.isoformat(), "host", "hoster/nomic", "--players",
                                 ",".join(PLAYERS), "--dir", str(tmp_path / "game"),
                                 env={"GH_TOKEN": "ghp_host", "GITHUB_API_URL": fake.url,
                                      "NOMIC_CI_HTTP_PACING": "off"})
        assert code == 0, out + err
        [dispatch] = fake.world.hosting.dispatches  # the first run, as GitHub would start it
        fake.authenticate_as(ENGINE)  # the workflow's GITHUB_TOKEN: no App yet
        game = tmp_path / "game"

        def engine(event: str, payload: dict) -> run_act.ActRun:
            path = tmp_path / f"{event}-{len(list(tmp_path.glob('*.json')))}.json"
            path.write_text(json.dumps(payload))
            run = run_act.run_workflow(
                game, event, path,
                {"GITHUB_API_URL": fake.url, "GITHUB_REPOSITORY": fake.full_name,
                 "NOMIC_CI_NOW": clock().isoformat(), "NOMIC_CI_HTTP_PACING": "off"},
                secrets={"GITHUB_TOKEN": "ghs_workflow",
                         "NOMIC_DICE_SECRET": fake.secret_value("NOMIC_DICE_SECRET")},
                checkout_source=fake.git.path, cache_dir=tmp_path / f"act-{path.stem}")
            assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
            return run

        payload = example("workflow_dispatch.json")
        payload["ref"] = f"refs/heads/{dispatch.ref}"
        first = engine("workflow_dispatch", payload)
        summary = first.output_of("Reconcile")
        assert "opened the game issue" in summary and "pinned the game issue" in summary
        [issue] = fake.world.issues.values()
        assert issue.pinned and "### How to play" in (issue.body or "")
        [welcome] = [c.body for c in fake.world.comments_on(issue.number)]
        assert "The game has begun: it is alice's turn" in welcome
        assert welcome.endswith("\n- @alice\n- @bob\n- @carol")  # one line a player
        assert issue.title == "The game: alice's turn"
        assert "The dice are now drawn" not in summary  # committed to at init, given by host

        clock.set(T0 + timedelta(hours=1))
        fake.create_branch("be-kind", {"rules/150-be-kind.md": RULE}, author="alice")
        pr = fake.open_pr("alice", "be-kind", "Be kind")
        opened = engine("pull_request_target", example("pull_request.opened.json", number=pr))
        assert "Proposal 1 ('Be kind', by alice) is open for votes." in \
            opened.output_of("Reconcile")
        for who in ("bob", "carol"):
            clock.set(clock() + timedelta(hours=1))
            fake.add_review(pr, who, "APPROVED")
        review = example("pull_request_review.submitted.json", number=pr)
        path = tmp_path / "review.json"
        path.write_text(json.dumps(review))
        signal = run_act.run_workflow(game, "pull_request_review", path, {},
                                      workflow=".github/workflows/review-signal.yml",
                                      cache_dir=tmp_path / "act-signal")
        assert signal.returncode == 0, signal.stdout[-4000:]
        passed = engine("workflow_run", run_act.workflow_run_payload(review))
        assert "Proposal 1 ('Be kind') passed" in passed.output_of("Reconcile")
        assert fake.pull(pr).merged and fake.file_at("rules/150-be-kind.md") == RULE
        assert fake.internal_errors == [], fake.internal_errors[0]
