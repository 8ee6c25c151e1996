"""JSON in GitHub's shapes for the objects every endpoint shares.

PyGithub follows the URLs it is given (`url`, `issue_url`, `comments_url`,
`Link` headers), so every URL here is built from the running server's base
URL; html URLs only need to look plausible.  The required fields come from
GitHub's OpenAPI description (see openapi-subset.json), which the tests
validate against.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .gitrepo import CommitInfo, Identity
from .state import Label, Status, User

# The URL templates a repository object advertises, relative to the repository URL.
_REPO_URL_TEMPLATES = {
    "archive_url": "/{archive_format}{/ref}",
    "assignees_url": "/assignees{/user}",
    "blobs_url": "/git/blobs{/sha}",
    "branches_url": "/branches{/branch}",
    "collaborators_url": "/collaborators{/collaborator}",
    "comments_url": "/comments{/number}",
    "commits_url": "/commits{/sha}",
    "compare_url": "/compare/{base}...{head}",
    "contents_url": "/contents/{+path}",
    "contributors_url": "/contributors",
    "deployments_url": "/deployments",
    "downloads_url": "/downloads",
    "events_url": "/events",
    "forks_url": "/forks",
    "git_commits_url": "/git/commits{/sha}",
    "git_refs_url": "/git/refs{/sha}",
    "git_tags_url": "/git/tags{/sha}",
    "hooks_url": "/hooks",
    "issue_comment_url": "/issues/comments{/number}",
    "issue_events_url": "/issues/events{/number}",
    "issues_url": "/issues{/number}",
    "keys_url": "/keys{/key_id}",
    "labels_url": "/labels{/name}",
    "languages_url": "/languages",
    "merges_url": "/merges",
    "milestones_url": "/milestones{/number}",
    "notifications_url": "/notifications{?since,all,participating}",
    "pulls_url": "/pulls{/number}",
    "releases_url": "/releases{/id}",
    "stargazers_url": "/stargazers",
    "statuses_url": "/statuses/{sha}",
    "subscribers_url": "/subscribers",
    "subscription_url": "/subscription",
    "tags_url": "/tags",
    "teams_url": "/teams",
    "trees_url": "/git/trees{/sha}",
}


@dataclass(frozen=True)
class Urls:
    """Builds URLs that point back at the running fake."""

    root: str  # scheme://host:port
    prefix: str  # the API path prefix, e.g. /api/v3 (may be empty)
    owner: str
    name: str

    @property
    def base(self) -> str:
        return f"{self.root}{self.prefix}"

    def api(self, path: str) -> str:
        return f"{self.base}{path}"

    def repo(self, path: str = "", full_name: str | None = None) -> str:
        return self.api(f"/repos/{full_name or self.owner + '/' + self.name}{path}")

    def html(self, path: str = "") -> str:
        return f"{self.root}/{self.owner}/{self.name}{path}"


def iso(when: datetime | None) -> str | None:
    """GitHub's timestamp format: UTC, seconds, a literal Z."""
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def node_id(kind: str, number: int | str) -> str:
    return base64.b64encode(f"0:{kind}{number}".encode()).decode()


def simple_user(urls: Urls, user: User) -> dict[str, Any]:
    """The short user object embedded in everything (`user`, `owner`, `creator`)."""
    u = urls.api(f"/users/{user.login}")
    return {
        "login": user.login,
        "id": user.id,
        "node_id": node_id("User", user.id),
        "avatar_url": f"{urls.root}/avatars/u/{user.id}",
        "gravatar_id": "",
        "url": u,
        "html_url": f"{urls.root}/{user.login}",
        "followers_url": f"{u}/followers",
        "following_url": f"{u}/following{{/other_user}}",
        "gists_url": f"{u}/gists{{/gist_id}}",
        "starred_url": f"{u}/starred{{/owner}}{{/repo}}",
        "subscriptions_url": f"{u}/subscriptions",
        "organizations_url": f"{u}/orgs",
        "repos_url": f"{u}/repos",
        "events_url": f"{u}/events{{/privacy}}",
        "received_events_url": f"{u}/received_events",
        "type": user.type,
        "user_view_type": "public",
        "site_admin": False,
    }


def public_user(urls: Urls, user: User) -> dict[str, Any]:
    """GET /users/{login}: the simple user plus the profile."""
    when = iso(user.created_at) or "2020-01-01T00:00:00Z"
    return {
        **simple_user(urls, user),
        "name": None,
        "company": None,
        "blog": "",
        "location": None,
        "email": None,
        "hireable": None,
        "bio": None,
        "twitter_username": None,
        "public_repos": 0,
        "public_gists": 0,
        "followers": 0,
        "following": 0,
        "created_at": when,
        "updated_at": when,
    }


def private_user(urls: Urls, user: User) -> dict[str, Any]:
    """GET /user: the public profile plus what only its owner sees."""
    return {
        **public_user(urls, user),
        "user_view_type": "private",
        "private_gists": 0,
        "total_private_repos": 0,
        "owned_private_repos": 0,
        "disk_usage": 0,
        "collaborators": 0,
        "two_factor_authentication": True,
    }


def repository(
    urls: Urls,
    owner: User,
    name: str,
    repo_id: int,
    default_branch: str = "main",
    fork: bool = False,
    open_issues: int = 0,
    private: bool = False,
) -> dict[str, Any]:
    """A repository object (full_repository's fields, a superset of the shorter shapes)."""
    full_name = f"{owner.login}/{name}"
    url = urls.repo(full_name=full_name)
    stamp = "2020-01-01T00:00:00Z"
    return {
        "id": repo_id,
        "node_id": node_id("Repository", repo_id),
        "name": name,
        "full_name": full_name,
        "owner": simple_user(urls, owner),
        "private": private,
        "html_url": f"{urls.root}/{full_name}",
        "description": None,
        "fork": fork,
        "url": url,
        **{key: url + template for key, template in _REPO_URL_TEMPLATES.items()},
        "git_url": f"git://fake.invalid/{full_name}.git",
        "ssh_url": f"git@fake.invalid:{full_name}.git",
        "clone_url": f"{urls.root}/{full_name}.git",
        "svn_url": f"{urls.root}/{full_name}",
        "mirror_url": None,
        "homepage": None,
        "language": "Python",
        "size": 0,
        "forks": 0,
        "forks_count": 0,
        "stargazers_count": 0,
        "watchers": 0,
        "watchers_count": 0,
        "network_count": 0,
        "subscribers_count": 0,
        "open_issues": open_issues,
        "open_issues_count": open_issues,
        "default_branch": default_branch,
        "has_issues": True,
        "has_projects": False,
        "has_wiki": False,
        "has_pages": False,
        "has_downloads": True,
        "has_discussions": False,
        "archived": False,
        "disabled": False,
        "visibility": "private" if private else "public",
        "license": None,
        "topics": [],
        "allow_forking": True,
        "is_template": False,
        "web_commit_signoff_required": False,
        "pushed_at": stamp,
        "created_at": stamp,
        "updated_at": stamp,
    }


def label(urls: Urls, lab: Label) -> dict[str, Any]:
    return {
        "id": lab.id,
        "node_id": node_id("Label", lab.id),
        "url": urls.repo(f"/labels/{lab.name}"),
        "name": lab.name,
        "color": lab.color,
        "description": lab.description,
        "default": False,
    }


def git_person(person: Identity) -> dict[str, Any]:
    return {"name": person.name, "email": person.email, "date": iso(person.when)}


def git_commit(urls: Urls, info: CommitInfo) -> dict[str, Any]:
    """GET /git/commits/{sha}: the raw git commit."""
    return {
        "sha": info.sha,
        "node_id": node_id("Commit", info.sha),
        "url": urls.repo(f"/git/commits/{info.sha}"),
        "html_url": urls.html(f"/commit/{info.sha}"),
        "author": git_person(info.author),
        "committer": git_person(info.committer),
        "tree": {"sha": info.tree, "url": urls.repo(f"/git/trees/{info.tree}")},
        "message": info.message.rstrip("\n"),
        "parents": [
            {"sha": p, "url": urls.repo(f"/git/commits/{p}"), "html_url": urls.html(f"/commit/{p}")}
            for p in info.parents
        ],
        "verification": {
            "verified": False,
            "reason": "unsigned",
            "signature": None,
            "payload": None,
            "verified_at": None,
        },
    }


def rest_commit(urls: Urls, info: CommitInfo, author: User | None, committer: User | None) -> dict[str, Any]:
    """A commit as the commits and pulls/commits endpoints show it (git commit wrapped)."""
    inner = git_commit(urls, info)
    return {
        "sha": info.sha,
        "node_id": inner["node_id"],
        "url": urls.repo(f"/commits/{info.sha}"),
        "html_url": inner["html_url"],
        "comments_url": urls.repo(f"/commits/{info.sha}/comments"),
        "commit": {
            "url": inner["url"],
            "author": inner["author"],
            "committer": inner["committer"],
            "message": inner["message"],
            "comment_count": 0,
            "tree": inner["tree"],
            "verification": inner["verification"],
        },
        "author": simple_user(urls, author) if author else None,
        "committer": simple_user(urls, committer) if committer else None,
        "parents": [
            {"sha": p, "url": urls.repo(f"/commits/{p}"), "html_url": urls.html(f"/commit/{p}")}
            for p in info.parents
        ],
    }


def status(urls: Urls, st: Status, creator: User) -> dict[str, Any]:
    return {
        "url": urls.repo(f"/statuses/{st.sha}"),
        "avatar_url": f"{urls.root}/avatars/u/{creator.id}",
        "id": st.id,
        "node_id": node_id("StatusContext", st.id),
        "state": st.state,
        "description": st.description,
        "target_url": st.target_url,
        "context": st.context,
        "created_at": iso(st.created_at),
        "updated_at": iso(st.created_at),
        "creator": simple_user(urls, creator),
    }
