"""Python client for the render-platform API.

``render_platform.generated`` is generated from docs/openapi.json by openapi-python-client (never edited by hand);
this package adds the client with key, retries and typed errors, waits, pagination and webhook verification.
"""

from .client import AsyncRenderPlatform, RenderPlatform, unwrap
from .errors import ApiError, ApiErrorDetail
from .retry_transport import AsyncRetryTransport, RetryTransport, retry_after_seconds
from .webhooks import verify_webhook

__all__ = [
    "ApiError",
    "ApiErrorDetail",
    "AsyncRenderPlatform",
    "AsyncRetryTransport",
    "RenderPlatform",
    "RetryTransport",
    "retry_after_seconds",
    "unwrap",
    "verify_webhook",
]
