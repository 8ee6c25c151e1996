"""A stateful fake of GitHub's REST API, and of the GraphQL the engine reads (server.FakeGitHub)."""

from .clock import FakeClock
from .recording import Fault, RecordedRequest
from .scenario import HEAD
from .server import ROUTES, FakeGitHub

__all__ = ["FakeGitHub", "FakeClock", "Fault", "RecordedRequest", "HEAD", "ROUTES"]
