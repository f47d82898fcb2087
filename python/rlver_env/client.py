"""Standard-library client of rlver-serve's REST core, with idempotent retries.

Every step carries a ``request_id`` (a fresh UUID unless given), so a step retried after a timeout, a dropped
connection, a 502 from the simulator's endpoint, or a server restart (``kill -9`` and start again with the same
``--state-dir``) is answered once and never advances the episode twice.
"""

from __future__ import annotations

import asyncio
import functools
import http.client
import json
import os
import threading
import time
import uuid
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Tuple, TypeVar, cast
from urllib.parse import urlsplit

from .types import EPISODE_SPEC_FIELDS, EpisodeSpec, EpisodeStart, EpisodeView, StepResult

DEFAULT_BASE_URL = "http://127.0.0.1:8800"
RETRYABLE_STATUSES = frozenset({502, 503, 504})


def default_base_url() -> str:
    """``RLVER_SERVER_URL`` from the environment, else ``http://127.0.0.1:8800`` (rlver-serve's default port)."""
    return os.environ.get("RLVER_SERVER_URL", DEFAULT_BASE_URL)


def _close_all(connections: List[http.client.HTTPConnection]) -> None:
    for connection in connections:
        connection.close()
    connections.clear()


class RlverServerError(Exception):
    """A non-2xx answer of rlver-serve: HTTP status, the API's error code, its message and the offending field."""

    def __init__(self, status: int, code: str, message: str, field: Optional[str] = None) -> None:
        super().__init__(f"rlver-serve answered {status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.field = field


def episode_spec(fields: Mapping[str, Any]) -> EpisodeSpec:
    """Keep the fields of ``POST /v1/episodes`` (extra keys such as verl's ``name`` are dropped)."""
    return cast(EpisodeSpec, {key: fields[key] for key in EPISODE_SPEC_FIELDS if fields.get(key) is not None})


class RlverEnvClient:
    """Blocking client; one keep-alive connection per thread, so it is safe to share across threads."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        *,
        timeout: float = 300.0,
        retries: int = 6,
        backoff: float = 0.5,
    ) -> None:
        self.base_url = (base_url or default_base_url()).rstrip("/")
        parts = urlsplit(self.base_url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"base_url {self.base_url!r} must look like http://host:port")
        self._host = parts.hostname
        self._port = parts.port or 80
        self._prefix = parts.path.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._local = threading.local()
        self._connections: List[http.client.HTTPConnection] = []
        self._lock = threading.Lock()
        weakref.finalize(self, _close_all, self._connections)

    def _connection(self) -> http.client.HTTPConnection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = http.client.HTTPConnection(self._host, self._port, timeout=self.timeout)
            self._local.connection = connection
            with self._lock:
                self._connections.append(connection)
        return cast(http.client.HTTPConnection, connection)

    def close(self) -> None:
        """Close every keep-alive connection (the client reconnects if used again)."""
        with self._lock:
            _close_all(self._connections)
        self._local = threading.local()

    def __enter__(self) -> "RlverEnvClient":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def _drop_connection(self) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            with self._lock:
                if connection in self._connections:
                    self._connections.remove(connection)
        self._local.connection = None

    def request(self, method: str, path: str, body: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """Send one request; retry connection failures and 502/503/504 with exponential backoff."""
        payload = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"content-type": "application/json"} if payload is not None else {}
        last_error: Optional[BaseException] = None
        for attempt in range(self.retries + 1):
            # The first retry is immediate (a keep-alive connection the server closed); then back off.
            if attempt > 1:
                time.sleep(self.backoff * (2 ** (attempt - 2)))
            try:
                connection = self._connection()
                connection.request(method, self._prefix + path, body=payload, headers=headers)
                response = connection.getresponse()
                text = response.read().decode("utf-8")
            except (OSError, http.client.HTTPException) as error:
                self._drop_connection()
                last_error = error
                continue
            data = json.loads(text) if text else {}
            if 200 <= response.status < 300:
                return cast(Dict[str, Any], data)
            error_body = data.get("error", {}) if isinstance(data, dict) else {}
            last_error = RlverServerError(
                response.status,
                str(error_body.get("code", "unknown")),
                str(error_body.get("message", text)),
                error_body.get("field"),
            )
            if response.status not in RETRYABLE_STATUSES:
                raise last_error
        assert last_error is not None
        if isinstance(last_error, RlverServerError):
            raise last_error
        raise ConnectionError(f"rlver-serve at {self.base_url} unreachable after {self.retries} retries: {last_error}")

    def health(self) -> Dict[str, Any]:
        return self.request("GET", "/health")

    def create_episode(self, spec: Optional[Mapping[str, Any]] = None, **fields: Any) -> EpisodeStart:
        """``POST /v1/episodes``; fields as in :class:`EpisodeSpec` (unknown keys are dropped)."""
        body = episode_spec({**(spec or {}), **fields})
        return cast(EpisodeStart, self.request("POST", "/v1/episodes", body))

    def step(self, episode_id: str, content: str, *, request_id: Optional[str] = None) -> StepResult:
        """``POST /v1/episodes/{id}/step`` with the assistant's reply (think blocks are stripped by the server)."""
        body = {"content": content, "request_id": request_id or uuid.uuid4().hex}
        return cast(StepResult, self.request("POST", f"/v1/episodes/{episode_id}/step", body))

    def fork(self, episode_id: str) -> EpisodeStart:
        return cast(EpisodeStart, self.request("POST", f"/v1/episodes/{episode_id}/fork", {}))

    def get(self, episode_id: str) -> EpisodeView:
        return cast(EpisodeView, self.request("GET", f"/v1/episodes/{episode_id}"))

    def delete(self, episode_id: str, *, missing_ok: bool = True) -> None:
        try:
            self.request("DELETE", f"/v1/episodes/{episode_id}")
        except RlverServerError as error:
            if not (missing_ok and error.status == 404):
                raise


_Result = TypeVar("_Result")


class AsyncRlverEnvClient:
    """Asyncio face of :class:`RlverEnvClient`: each call runs on the client's own thread pool (``max_concurrency``
    threads, one keep-alive connection each), so the event loop never blocks and up to that many requests are in
    flight at once (asyncio's default pool would cap them at a few dozen and serialise the rest).
    """

    _shared: ClassVar[Dict[Tuple[str, int], "AsyncRlverEnvClient"]] = {}

    def __init__(self, base_url: Optional[str] = None, *, max_concurrency: int = 256, **options: Any) -> None:
        self.sync = RlverEnvClient(base_url, **options)
        self.base_url = self.sync.base_url
        self._executor = ThreadPoolExecutor(max_workers=max_concurrency, thread_name_prefix="rlver-env")
        weakref.finalize(self, self._executor.shutdown, wait=False)

    @classmethod
    def shared(cls, base_url: Optional[str] = None, *, max_concurrency: int = 256) -> "AsyncRlverEnvClient":
        """One client per server URL in this process (adapters that create an instance per sample use it)."""
        key = ((base_url or default_base_url()).rstrip("/"), max_concurrency)
        client = cls._shared.get(key)
        if client is None:
            client = cls._shared[key] = cls(key[0], max_concurrency=max_concurrency)
        return client

    async def _run(self, function: Callable[..., _Result], *args: Any, **kwargs: Any) -> _Result:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(function, *args, **kwargs))

    async def create_episode(self, spec: Optional[Mapping[str, Any]] = None, **fields: Any) -> EpisodeStart:
        return await self._run(self.sync.create_episode, spec, **fields)

    async def step(self, episode_id: str, content: str, *, request_id: Optional[str] = None) -> StepResult:
        return await self._run(self.sync.step, episode_id, content, request_id=request_id)

    async def fork(self, episode_id: str) -> EpisodeStart:
        return await self._run(self.sync.fork, episode_id)

    async def get(self, episode_id: str) -> EpisodeView:
        return await self._run(self.sync.get, episode_id)

    async def delete(self, episode_id: str, *, missing_ok: bool = True) -> None:
        await self._run(self.sync.delete, episode_id, missing_ok=missing_ok)
