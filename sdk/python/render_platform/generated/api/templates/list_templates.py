from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_templates_type import ListTemplatesType
from ...models.template import Template
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    project_id: UUID | Unset = UNSET,
    type_: ListTemplatesType | Unset = UNSET,
    is_published: bool | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_project_id: str | Unset = UNSET
    if not isinstance(project_id, Unset):
        json_project_id = str(project_id)
    params["project_id"] = json_project_id

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["is_published"] = is_published

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/templates",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | list[Template] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Template.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[Error | list[Template]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    project_id: UUID | Unset = UNSET,
    type_: ListTemplatesType | Unset = UNSET,
    is_published: bool | Unset = UNSET,
) -> Response[Error | list[Template]]:
    """List templates

     Newest first. Deleted templates are not listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        project_id (UUID | Unset):
        type_ (ListTemplatesType | Unset):
        is_published (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | list[Template]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        project_id=project_id,
        type_=type_,
        is_published=is_published,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    project_id: UUID | Unset = UNSET,
    type_: ListTemplatesType | Unset = UNSET,
    is_published: bool | Unset = UNSET,
) -> Error | list[Template] | None:
    """List templates

     Newest first. Deleted templates are not listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        project_id (UUID | Unset):
        type_ (ListTemplatesType | Unset):
        is_published (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | list[Template]
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        project_id=project_id,
        type_=type_,
        is_published=is_published,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    project_id: UUID | Unset = UNSET,
    type_: ListTemplatesType | Unset = UNSET,
    is_published: bool | Unset = UNSET,
) -> Response[Error | list[Template]]:
    """List templates

     Newest first. Deleted templates are not listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        project_id (UUID | Unset):
        type_ (ListTemplatesType | Unset):
        is_published (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | list[Template]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        project_id=project_id,
        type_=type_,
        is_published=is_published,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    project_id: UUID | Unset = UNSET,
    type_: ListTemplatesType | Unset = UNSET,
    is_published: bool | Unset = UNSET,
) -> Error | list[Template] | None:
    """List templates

     Newest first. Deleted templates are not listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        project_id (UUID | Unset):
        type_ (ListTemplatesType | Unset):
        is_published (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | list[Template]
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            project_id=project_id,
            type_=type_,
            is_published=is_published,
        )
    ).parsed
