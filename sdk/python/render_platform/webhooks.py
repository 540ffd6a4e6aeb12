"""Webhook verification on the standardwebhooks package (the API signs per Standard Webhooks)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from standardwebhooks.webhooks import Webhook


def verify_webhook(body: str | bytes, headers: Mapping[str, str], secret: str) -> dict[str, Any]:
    """Verifies a delivery and answers its event (``{"type", "timestamp", "data"}``).

    ``body`` is the raw request body, byte for byte; ``secret`` the webhook's ``whsec_...``. Raises
    ``standardwebhooks.webhooks.WebhookVerificationError`` on a bad signature or a timestamp over 5 minutes off.
    """
    lower = {k.lower(): v for k, v in headers.items()}
    return cast(dict[str, Any], Webhook(secret).verify(body, lower))
