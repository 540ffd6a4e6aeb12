from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.template_version_parity import TemplateVersionParity
from ...types import Response


def _get_kwargs(
    template_id: UUID,
    version: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/templates/{template_id}/versions/{version}/parity".format(
            template_id=quote(str(template_id), safe=""),
            version=quote(str(version), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TemplateVersionParity | None:
    if response.status_code == 200:
        response_200 = TemplateVersionParity.from_dict(response.json())

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
) -> Response[Error | TemplateVersionParity]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    template_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | TemplateVersionParity]:
    """Get the parity check of a template version

     What the studio shows beside a version decided by `auto`: each sample's SSIM and PSNR with signed
    URLs of the Chromium reference, the native render and a difference view (docs/engines.md). A version
    the parity check did not run on (gated, forced, pending) answers its engine and reason with no
    samples.

    Args:
        template_id (UUID):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TemplateVersionParity]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        version=version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    template_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Error | TemplateVersionParity | None:
    """Get the parity check of a template version

     What the studio shows beside a version decided by `auto`: each sample's SSIM and PSNR with signed
    URLs of the Chromium reference, the native render and a difference view (docs/engines.md). A version
    the parity check did not run on (gated, forced, pending) answers its engine and reason with no
    samples.

    Args:
        template_id (UUID):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TemplateVersionParity
    """

    return sync_detailed(
        template_id=template_id,
        version=version,
        client=client,
    ).parsed


async def asyncio_detailed(
    template_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | TemplateVersionParity]:
    """Get the parity check of a template version

     What the studio shows beside a version decided by `auto`: each sample's SSIM and PSNR with signed
    URLs of the Chromium reference, the native render and a difference view (docs/engines.md). A version
    the parity check did not run on (gated, forced, pending) answers its engine and reason with no
    samples.

    Args:
        template_id (UUID):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TemplateVersionParity]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        version=version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    template_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Error | TemplateVersionParity | None:
    """Get the parity check of a template version

     What the studio shows beside a version decided by `auto`: each sample's SSIM and PSNR with signed
    URLs of the Chromium reference, the native render and a difference view (docs/engines.md). A version
    the parity check did not run on (gated, forced, pending) answers its engine and reason with no
    samples.

    Args:
        template_id (UUID):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TemplateVersionParity
    """

    return (
        await asyncio_detailed(
            template_id=template_id,
            version=version,
            client=client,
        )
    ).parsed
