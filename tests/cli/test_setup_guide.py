"""The setup guide, run as a host would run it: every command in its `sh` blocks, in order,
in a shell, against the fake GitHub (issue 27: a host who reads only the guide succeeds).
The engine is installed as the guide says, into a fresh environment, from a copy of this
clone; the bill's table is what the rules' timers make."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

from fakegithub import FakeGitHub
from builders import make_game
from appkeys import app_key
from nomic_ci.core.wakeups import wakeups

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "nomic_ci" / "docs" / "setup.md"
TOKEN = "ghp_aliceToken"


def commands() -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", GUIDE.read_text(),
                                                  re.DOTALL)]


def clone_of_this_repository(target: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for path in filter(None, listed):
        source, copy = ROOT / path, target / path
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), copy)
        elif source.is_file():
            shutil.copy2(source, copy)
    return target


def test_every_command_of_the_guide_works_for_a_new_host(tmp_path):
    steps = commands()
    assert steps[0] == "python3 -m pip install ." and len(steps) == 4, steps
    clone = clone_of_this_repository(tmp_path / "nomic-ci")
    # a fresh environment for the install; the engine's dependencies come from this machine's
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(tmp_path / "env")
    work = tmp_path / "host"
    work.mkdir()
    with FakeGitHub("alice", "nomic", created=False, token_login="alice", token_type="User",
                    owner_type="User") as fake:
        app_key(work / "nomic-app.pem", 123456, fake)  # the guide's App, installed
        for login, uid in (("bob", 602), ("carol", 603)):
            fake.add_user(login, id=uid)
        env = {**{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "GH_"))},
               "PATH": f"{tmp_path / 'env' / 'bin'}{os.pathsep}{os.environ['PATH']}",
               "GH_TOKEN": TOKEN, "GITHUB_API_URL": fake.url, "NOMIC_CI_HTTP_PACING": "off",
               "PYTHONPATH": ""}
        outputs = []
        for number, command in enumerate(steps):
            done = subprocess.run(["bash", "-e", "-c", command], cwd=clone if number == 0
                                  else work, env=env, capture_output=True, text=True,
                                  timeout=300)
            assert done.returncode == 0, (command, done.stdout[-3000:], done.stderr[-3000:])
            outputs.append(done.stdout + done.stderr)
        assert fake.internal_errors == [], fake.internal_errors[0]
    installed = tmp_path / "env" / "bin" / "nomic-ci"
    assert installed.is_file()
    _, host, doctor, app = outputs
    assert "✓ started the engine's first run" in host and TOKEN not in host
    assert "on GitHub, alice/nomic is set up for the game" in doctor
    assert "NOMIC_APP_ID: 123456" in app
    assert fake.world.hosting.variables["NOMIC_APP_ID"].value == "123456"
    assert fake.secret_value("NOMIC_DICE_SECRET") == \
        (work / "nomic/.git/nomic-ci/dice-secret").read_text().strip()
    assert len(fake.world.hosting.dispatches) == 1


@pytest.mark.parametrize("ruleset", ["default", "suber-initial-set", "borednomic",
                                     "infinite-nomic-r7", "infinite-nomic-r7-start"])
def test_the_bill_is_the_schedule_each_ruleset_s_timers_need(ruleset):
    need = wakeups(make_game(ruleset=ruleset, **({"admin": "boss:9"} if ruleset ==
                                                 "borednomic" else {})).config)
    row = f"| {ruleset} | `{need.cron}` | {need.why()} | {need.runs_a_month:,} |"
    assert row in GUIDE.read_text()


def test_every_name_and_figure_the_guide_states_is_the_code_s():
    """What a host types or looks for, as the code spells it: the Actions secrets and the
    variable (the engine workflow reads them), the ruleset, the files kept in the folder,
    the App's permissions (the form `host` links, the token the workflow asks for), the
    quiet game's days, the merge's tries, the summary's words."""
    from nomic_ci.cli.bundle import ENGINE_WORKFLOW
    from nomic_ci.cli.dice_secret import SECRET
    from nomic_ci.cli.doctor_live import INACTIVE, WARN_AT
    from nomic_ci.cli.repo_settings import HOSTED, RULESET
    from nomic_ci.forges.githubforge import QUIET
    from nomic_ci.reconcile import MERGE_TRIES

    guide = " ".join(GUIDE.read_text().split())  # a phrase may break across lines
    workflow = (ROOT / ENGINE_WORKFLOW).read_text()
    for name in set(re.findall(r"\bNOMIC_[A-Z_]+", guide)):
        assert re.search(rf"(secrets|vars)\.{name}\b", workflow), name
    assert f"`{RULESET}`" in guide
    assert f".git/nomic-ci/{SECRET}" in guide and f".git/nomic-ci/{HOSTED}" in guide
    permissions = re.search(r"repository permissions (.*?), read and write", guide)[1]
    named = {words.strip("* ").lower() for words in re.split(r",|\band\b", permissions)}
    asked = {line.split(":")[0].removeprefix("permission-").replace("-", " ")
             for line in re.findall(r"permission-[a-z-]+: write", workflow)}
    assert named - {"commit statuses"} | {"statuses"} == asked, (named, asked)
    form = {"contents", "pull_requests", "issues", "statuses", "workflows"}
    assert all(f'"{p}": "write"' in (ROOT / "nomic_ci/cli/host.py").read_text() for p in form)
    assert {p.replace("_", " ") for p in form} == asked
    assert f"after {INACTIVE} days without a commit" in guide
    assert f"after {QUIET.days} days without a commit" in guide
    assert f"from the {WARN_AT}rd day" in guide
    assert f"refused by GitHub at {['', 'one', 'two', 'three'][MERGE_TRIES]} runs" in guide
    said = re.search(r'summary says "(.*?) …"', guide)[1]
    assert said in (ROOT / "nomic_ci/reconcile.py").read_text()
