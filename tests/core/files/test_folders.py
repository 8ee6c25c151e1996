"""Records a hundred to a folder, and a game made before that keeps them at the top."""

import pytest

from nomic_ci.core.files.folders import folder_of, home, misplaced, moves


@pytest.mark.parametrize("number, width, folder", [
    (1, 4, "0000-0099/"), (99, 4, "0000-0099/"), (100, 4, "0100-0199/"), (123, 4, "0100-0199/"),
    (9999, 4, "9900-9999/"), (12345, 4, "12300-12399/"), (123, 6, "000100-000199/"),
    (0, 6, "000000-000099/")])
def test_a_record_is_kept_in_the_folder_of_its_numbers_hundred(number, width, folder):
    assert folder_of(number, width) == folder


def test_a_refusal_is_placed_by_its_forge_key():
    assert not misplaced("proposals/0100-0199/refused-150-x.yaml",
                         "proposals/0100-0199/refused-150-x.yaml")
    assert misplaced("proposals/0100-0199/refused-15-x.yaml",
                     "proposals/0100-0199/refused-150-x.yaml")
    assert misplaced("proposals/refused-pr-9-y.yaml", "proposals/refused-pr-9-x.yaml")


def test_a_record_without_a_number_is_kept_at_the_top():
    assert home("proposals/", "refused-pr-9-x.yaml", None, 4) == "proposals/refused-pr-9-x.yaml"
    assert home("proposals/", "0123-x.yaml", 123, 4) == "proposals/0100-0199/0123-x.yaml"


@pytest.mark.parametrize("path, wrong", [
    ("proposals/0100-0199/0123-x.yaml", False),
    ("proposals/0123-x.yaml", False),  # where a game made before kept it
    ("proposals/0900-0999/0123-x.yaml", True),  # a folder its number is not in
    ("proposals/0100-0199/0124-x.yaml", True),  # named for another number
    ("proposals/0100-0199/0123-y.yaml", False),  # its title edited: for the index to say
    ("proposals/0100-0199/refused-0123-x.yaml", True),
])
def test_a_record_anywhere_but_its_folder_or_the_top_is_misplaced(path, wrong):
    assert misplaced(path, "proposals/0100-0199/0123-x.yaml") is wrong


def test_records_at_the_top_move_into_their_folders_and_a_taken_place_keeps_both():
    texts = {"proposals/0001-a.yaml": "one\n", "proposals/0002-b.yaml": "two\n",
             "proposals/0000-0099/0002-b.yaml": "two, forged\n",
             "proposals/0003-c.yaml": "three\n", "proposals/0000-0099/0003-c.yaml": "three\n",
             "proposals/0000-0099/0004-d.yaml": "four\n"}
    said: list[str] = []
    moved = moves([("proposals/0001-a.yaml", "proposals/0000-0099/0001-a.yaml"),
                   ("proposals/0002-b.yaml", "proposals/0000-0099/0002-b.yaml"),
                   ("proposals/0003-c.yaml", "proposals/0000-0099/0003-c.yaml"),
                   ("proposals/0000-0099/0004-d.yaml", "proposals/0000-0099/0004-d.yaml")],
                  texts, said.append)
    # moved; a copy of what is in its folder removed; one that differs left for a person
    assert moved == {"proposals/0001-a.yaml": None, "proposals/0000-0099/0001-a.yaml": "one\n",
                     "proposals/0003-c.yaml": None}
    assert said == ["proposals/0002-b.yaml stays where it is: proposals/0000-0099/0002-b.yaml is "
                    "there already and differs; keep the one nomic-ci wrote (git log -- PATH "
                    "says who wrote each)",
                    "proposals/0003-c.yaml removed: the same record is at "
                    "proposals/0000-0099/0003-c.yaml"]


def test_a_record_moves_into_a_place_another_record_moved_out_of():
    texts = {"proposals/0000-0099/0005-x.yaml": "nine\n", "proposals/0005-x.yaml": "five\n"}
    moved = moves([("proposals/0000-0099/0005-x.yaml", "proposals/0000-0099/0009-x.yaml"),
                   ("proposals/0005-x.yaml", "proposals/0000-0099/0005-x.yaml")], texts)
    assert moved == {"proposals/0000-0099/0005-x.yaml": "five\n", "proposals/0005-x.yaml": None,
                     "proposals/0000-0099/0009-x.yaml": "nine\n"}
