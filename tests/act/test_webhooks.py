"""The event payloads the tests use are real: examples from @octokit/webhooks-examples, and
the variants derived from them are checked against @octokit/webhooks-schemas.

The examples (7.6.1) predate some fields the schemas (7.6.1) now require, such as
`repository.is_template`; so a variant is valid when it breaks nothing its example
did not already lack: its schema errors are a subset of the example's.
"""

import json
import sys
from pathlib import Path

import jsonschema
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_act  # noqa: E402

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "webhooks"
SCHEMA = json.loads((HERE / "webhooks-schema-subset.json").read_text())
KINDS = {"pull_request.opened.json": "pull_request$opened",
         "pull_request.synchronize.json": "pull_request$synchronize",
         "pull_request_review.submitted.json": "pull_request_review$submitted",
         "pull_request_review.dismissed.json": "pull_request_review$dismissed",
         "workflow_run.completed.json": "workflow_run$completed",
         "issue_comment.created.json": "issue_comment$created",
         "workflow_dispatch.json": "workflow_dispatch$event"}


def errors(payload: dict, kind: str) -> set[tuple]:
    schema = {**SCHEMA, "$ref": f"#/definitions/{kind}"}
    return {(tuple(e.absolute_path), e.validator, e.message if e.validator == "required" else "")
            for e in jsonschema.Draft7Validator(schema).iter_errors(payload)}


def example(name: str) -> dict:
    return json.loads((HERE / name).read_text())


@pytest.mark.parametrize("name, kind", sorted(KINDS.items()))
def test_each_retargeted_variant_breaks_nothing(name, kind):
    payload = run_act.retarget_payload(example(name), full_name="nomic/game")
    if "pull_request" in payload:
        payload["pull_request"]["number"] = 7
    assert errors(payload, kind) <= errors(example(name), kind)


def test_the_workflow_run_derived_from_a_review_breaks_nothing():
    review = run_act.retarget_payload(example("pull_request_review.submitted.json"),
                                      full_name="nomic/game")
    derived = run_act.workflow_run_payload(review)
    assert errors(derived, "workflow_run$completed") <= \
        errors(example("workflow_run.completed.json"), "workflow_run$completed")


def test_a_broken_variant_is_caught():
    payload = example("pull_request.opened.json")
    payload["pull_request"]["number"] = "seven"
    del payload["pull_request"]["head"]
    found = errors(payload, "pull_request$opened") - errors(example("pull_request.opened.json"),
                                                             "pull_request$opened")
    assert found


def test_the_comment_command_variant_breaks_nothing():
    payload = run_act.retarget_payload(example("issue_comment.created.json"),
                                       full_name="nomic/game")
    payload["issue"]["number"] = 1
    payload["comment"].update(id=77, body="/pass")
    payload["comment"]["user"].update(login="alice", id=501, type="User")
    assert errors(payload, "issue_comment$created") <= \
        errors(example("issue_comment.created.json"), "issue_comment$created")
