from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.template import Template
from ...types import Response


def _get_kwargs(
    template_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/templates/{template_id}/repin".format(
            template_id=quote(str(template_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Template | None:
    if response.status_code == 200:
        response_200 = Template.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | Template]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Template]:
    """Pin a template's resources again

     Fetches what the current content loads from elsewhere again (stylesheets, @imports, fonts, url()s,
    static images, scripts and their static module imports; docs/pinning.md) and stores it as a new
    version with the same content, a fresh `pinned_resources` manifest and its own engine decision.
    Earlier versions keep their pinned bytes. Pinning is bounded: it answers within 15 s of fetching (a
    resource still loading then is recorded `unresolved`); more than 100 resources answer 422
    `pinning_too_many`, a script whose `integrity` does not match its bytes 422
    `pinning_integrity_mismatch`.

    Args:
        template_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | Template | None:
    """Pin a template's resources again

     Fetches what the current content loads from elsewhere again (stylesheets, @imports, fonts, url()s,
    static images, scripts and their static module imports; docs/pinning.md) and stores it as a new
    version with the same content, a fresh `pinned_resources` manifest and its own engine decision.
    Earlier versions keep their pinned bytes. Pinning is bounded: it answers within 15 s of fetching (a
    resource still loading then is recorded `unresolved`); more than 100 resources answer 422
    `pinning_too_many`, a script whose `integrity` does not match its bytes 422
    `pinning_integrity_mismatch`.

    Args:
        template_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
    """

    return sync_detailed(
        template_id=template_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Template]:
    """Pin a template's resources again

     Fetches what the current content loads from elsewhere again (stylesheets, @imports, fonts, url()s,
    static images, scripts and their static module imports; docs/pinning.md) and stores it as a new
    version with the same content, a fresh `pinned_resources` manifest and its own engine decision.
    Earlier versions keep their pinned bytes. Pinning is bounded: it answers within 15 s of fetching (a
    resource still loading then is recorded `unresolved`); more than 100 resources answer 422
    `pinning_too_many`, a script whose `integrity` does not match its bytes 422
    `pinning_integrity_mismatch`.

    Args:
        template_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | Template | None:
    """Pin a template's resources again

     Fetches what the current content loads from elsewhere again (stylesheets, @imports, fonts, url()s,
    static images, scripts and their static module imports; docs/pinning.md) and stores it as a new
    version with the same content, a fresh `pinned_resources` manifest and its own engine decision.
    Earlier versions keep their pinned bytes. Pinning is bounded: it answers within 15 s of fetching (a
    resource still loading then is recorded `unresolved`); more than 100 resources answer 422
    `pinning_too_many`, a script whose `integrity` does not match its bytes 422
    `pinning_integrity_mismatch`.

    Args:
        template_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
    """

    return (
        await asyncio_detailed(
            template_id=template_id,
            client=client,
        )
    ).parsed
