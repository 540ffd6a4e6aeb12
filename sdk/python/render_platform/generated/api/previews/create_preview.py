from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_preview_body import CreatePreviewBody
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreatePreviewBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/previews",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | None:
    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePreviewBody | Unset = UNSET,
) -> Response[Error]:
    """Preview a template

     Renders an unsaved template (`template`) or a saved version (`template_id`, `version`) with
    modifications and answers the image bytes (the template format; a video template answers the JPEG
    frame at `time_seconds`). Same bounds, placeholder checks, network guard and page timeout as a
    render, but no render row, no stored result and no webhook. Its own per-key rate limit,
    PREVIEW_RATE_LIMIT_PER_MINUTE (default 120), is shown in the RateLimit-* headers. A renderer failure
    caused by the input answers 422 with the code a failed render would record (ssrf_blocked,
    asset_unreachable, template_invalid, render_timeout).

    Args:
        body (CreatePreviewBody | Unset): Either `template` (unsaved content) or `template_id` (a
            saved template, optionally at `version`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePreviewBody | Unset = UNSET,
) -> Error | None:
    """Preview a template

     Renders an unsaved template (`template`) or a saved version (`template_id`, `version`) with
    modifications and answers the image bytes (the template format; a video template answers the JPEG
    frame at `time_seconds`). Same bounds, placeholder checks, network guard and page timeout as a
    render, but no render row, no stored result and no webhook. Its own per-key rate limit,
    PREVIEW_RATE_LIMIT_PER_MINUTE (default 120), is shown in the RateLimit-* headers. A renderer failure
    caused by the input answers 422 with the code a failed render would record (ssrf_blocked,
    asset_unreachable, template_invalid, render_timeout).

    Args:
        body (CreatePreviewBody | Unset): Either `template` (unsaved content) or `template_id` (a
            saved template, optionally at `version`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePreviewBody | Unset = UNSET,
) -> Response[Error]:
    """Preview a template

     Renders an unsaved template (`template`) or a saved version (`template_id`, `version`) with
    modifications and answers the image bytes (the template format; a video template answers the JPEG
    frame at `time_seconds`). Same bounds, placeholder checks, network guard and page timeout as a
    render, but no render row, no stored result and no webhook. Its own per-key rate limit,
    PREVIEW_RATE_LIMIT_PER_MINUTE (default 120), is shown in the RateLimit-* headers. A renderer failure
    caused by the input answers 422 with the code a failed render would record (ssrf_blocked,
    asset_unreachable, template_invalid, render_timeout).

    Args:
        body (CreatePreviewBody | Unset): Either `template` (unsaved content) or `template_id` (a
            saved template, optionally at `version`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePreviewBody | Unset = UNSET,
) -> Error | None:
    """Preview a template

     Renders an unsaved template (`template`) or a saved version (`template_id`, `version`) with
    modifications and answers the image bytes (the template format; a video template answers the JPEG
    frame at `time_seconds`). Same bounds, placeholder checks, network guard and page timeout as a
    render, but no render row, no stored result and no webhook. Its own per-key rate limit,
    PREVIEW_RATE_LIMIT_PER_MINUTE (default 120), is shown in the RateLimit-* headers. A renderer failure
    caused by the input answers 422 with the code a failed render would record (ssrf_blocked,
    asset_unreachable, template_invalid, render_timeout).

    Args:
        body (CreatePreviewBody | Unset): Either `template` (unsaved content) or `template_id` (a
            saved template, optionally at `version`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
