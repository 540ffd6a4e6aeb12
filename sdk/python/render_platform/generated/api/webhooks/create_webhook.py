from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.webhook_create import WebhookCreate
from ...models.webhook_with_secret import WebhookWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: WebhookCreate,
    authorization: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(authorization, Unset):
        headers["Authorization"] = authorization

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | WebhookWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookWithSecret.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = cast(Any, None)
        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | WebhookWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookCreate,
    authorization: None | str | Unset = UNSET,
) -> Response[Any | Error | WebhookWithSecret]:
    """Create webhook

     Subscribes a URL to events. The answer carries the signing `secret` (Standard Webhooks); it is not
    shown again. An org has at most WEBHOOK_LIMIT_PER_ORG (default 20) webhooks besides the implicit
    ones.

    Args:
        authorization (None | str | Unset):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
        authorization=authorization,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookCreate,
    authorization: None | str | Unset = UNSET,
) -> Any | Error | WebhookWithSecret | None:
    """Create webhook

     Subscribes a URL to events. The answer carries the signing `secret` (Standard Webhooks); it is not
    shown again. An org has at most WEBHOOK_LIMIT_PER_ORG (default 20) webhooks besides the implicit
    ones.

    Args:
        authorization (None | str | Unset):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookWithSecret
    """

    return sync_detailed(
        client=client,
        body=body,
        authorization=authorization,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookCreate,
    authorization: None | str | Unset = UNSET,
) -> Response[Any | Error | WebhookWithSecret]:
    """Create webhook

     Subscribes a URL to events. The answer carries the signing `secret` (Standard Webhooks); it is not
    shown again. An org has at most WEBHOOK_LIMIT_PER_ORG (default 20) webhooks besides the implicit
    ones.

    Args:
        authorization (None | str | Unset):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
        authorization=authorization,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookCreate,
    authorization: None | str | Unset = UNSET,
) -> Any | Error | WebhookWithSecret | None:
    """Create webhook

     Subscribes a URL to events. The answer carries the signing `secret` (Standard Webhooks); it is not
    shown again. An org has at most WEBHOOK_LIMIT_PER_ORG (default 20) webhooks besides the implicit
    ones.

    Args:
        authorization (None | str | Unset):
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            authorization=authorization,
        )
    ).parsed
