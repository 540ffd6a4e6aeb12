from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.template import Template
from ...models.update_template_body import UpdateTemplateBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    template_id: UUID,
    *,
    body: UpdateTemplateBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/templates/{template_id}".format(
            template_id=quote(str(template_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    body: UpdateTemplateBody | Unset = UNSET,
) -> Response[Error | Template]:
    """Update a template

     Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data,
    placeholders, width, height, format, video_strategy) or to `engine` stores a new immutable version
    and increments current_version; a rename does not, and values equal to the stored ones change
    nothing.

    Args:
        template_id (UUID):
        body (UpdateTemplateBody | Unset): Every field is optional. A change to composition_html,
            canvas_data, placeholders, width, height, format, video_strategy or engine creates a new
            version; a rename or project move does not. `type` cannot change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateTemplateBody | Unset = UNSET,
) -> Error | Template | None:
    """Update a template

     Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data,
    placeholders, width, height, format, video_strategy) or to `engine` stores a new immutable version
    and increments current_version; a rename does not, and values equal to the stored ones change
    nothing.

    Args:
        template_id (UUID):
        body (UpdateTemplateBody | Unset): Every field is optional. A change to composition_html,
            canvas_data, placeholders, width, height, format, video_strategy or engine creates a new
            version; a rename or project move does not. `type` cannot change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
    """

    return sync_detailed(
        template_id=template_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateTemplateBody | Unset = UNSET,
) -> Response[Error | Template]:
    """Update a template

     Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data,
    placeholders, width, height, format, video_strategy) or to `engine` stores a new immutable version
    and increments current_version; a rename does not, and values equal to the stored ones change
    nothing.

    Args:
        template_id (UUID):
        body (UpdateTemplateBody | Unset): Every field is optional. A change to composition_html,
            canvas_data, placeholders, width, height, format, video_strategy or engine creates a new
            version; a rename or project move does not. `type` cannot change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    template_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateTemplateBody | Unset = UNSET,
) -> Error | Template | None:
    """Update a template

     Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data,
    placeholders, width, height, format, video_strategy) or to `engine` stores a new immutable version
    and increments current_version; a rename does not, and values equal to the stored ones change
    nothing.

    Args:
        template_id (UUID):
        body (UpdateTemplateBody | Unset): Every field is optional. A change to composition_html,
            canvas_data, placeholders, width, height, format, video_strategy or engine creates a new
            version; a rename or project move does not. `type` cannot change.

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
            body=body,
        )
    ).parsed
