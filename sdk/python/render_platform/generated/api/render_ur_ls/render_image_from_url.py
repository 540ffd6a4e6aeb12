from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    key_id: UUID,
    template_file: str,
    *,
    sig: str,
    exp: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["sig"] = sig

    params["exp"] = exp

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/u/{key_id}/{template_file}".format(
            key_id=quote(str(key_id), safe=""),
            template_file=quote(str(template_file), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = Error.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Error.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    key_id: UUID,
    template_file: str,
    *,
    client: AuthenticatedClient | Client,
    sig: str,
    exp: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Render an image from a signed URL

     Every query parameter except `sig` and `exp` sets the placeholder of its name (text, image URL,
    color or number after the placeholder type). The URL must be signed with a live URL key of the org
    that owns the template: a tampered signature, a revoked key or a past `exp` answer 403. An identical
    completed render of the org answers from storage; otherwise the image is rendered now (up to
    URL_RENDER_WAIT_SECONDS). A render failure answers 502 with the render's error code.

    Args:
        key_id (UUID):
        template_file (str):
        sig (str):
        exp (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        key_id=key_id,
        template_file=template_file,
        sig=sig,
        exp=exp,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    key_id: UUID,
    template_file: str,
    *,
    client: AuthenticatedClient | Client,
    sig: str,
    exp: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | None:
    """Render an image from a signed URL

     Every query parameter except `sig` and `exp` sets the placeholder of its name (text, image URL,
    color or number after the placeholder type). The URL must be signed with a live URL key of the org
    that owns the template: a tampered signature, a revoked key or a past `exp` answer 403. An identical
    completed render of the org answers from storage; otherwise the image is rendered now (up to
    URL_RENDER_WAIT_SECONDS). A render failure answers 502 with the render's error code.

    Args:
        key_id (UUID):
        template_file (str):
        sig (str):
        exp (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        key_id=key_id,
        template_file=template_file,
        client=client,
        sig=sig,
        exp=exp,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    key_id: UUID,
    template_file: str,
    *,
    client: AuthenticatedClient | Client,
    sig: str,
    exp: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Render an image from a signed URL

     Every query parameter except `sig` and `exp` sets the placeholder of its name (text, image URL,
    color or number after the placeholder type). The URL must be signed with a live URL key of the org
    that owns the template: a tampered signature, a revoked key or a past `exp` answer 403. An identical
    completed render of the org answers from storage; otherwise the image is rendered now (up to
    URL_RENDER_WAIT_SECONDS). A render failure answers 502 with the render's error code.

    Args:
        key_id (UUID):
        template_file (str):
        sig (str):
        exp (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        key_id=key_id,
        template_file=template_file,
        sig=sig,
        exp=exp,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    key_id: UUID,
    template_file: str,
    *,
    client: AuthenticatedClient | Client,
    sig: str,
    exp: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | None:
    """Render an image from a signed URL

     Every query parameter except `sig` and `exp` sets the placeholder of its name (text, image URL,
    color or number after the placeholder type). The URL must be signed with a live URL key of the org
    that owns the template: a tampered signature, a revoked key or a past `exp` answer 403. An identical
    completed render of the org answers from storage; otherwise the image is rendered now (up to
    URL_RENDER_WAIT_SECONDS). A render failure answers 502 with the render's error code.

    Args:
        key_id (UUID):
        template_file (str):
        sig (str):
        exp (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            key_id=key_id,
            template_file=template_file,
            client=client,
            sig=sig,
            exp=exp,
            if_none_match=if_none_match,
        )
    ).parsed
