from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.person import Person
from ...models.update_person_body import UpdatePersonBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    person_id: UUID,
    *,
    body: UpdatePersonBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/people/{person_id}".format(
            person_id=quote(str(person_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Person | None:
    if response.status_code == 200:
        response_200 = Person.from_dict(response.json())

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
) -> Response[Any | Error | Person]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    person_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePersonBody | Unset = UNSET,
) -> Response[Any | Error | Person]:
    """Update a person

     Partial update (spec 4.3): only the fields sent change; null clears an optional field; custom_fields
    is replaced as a whole. updated_at is refreshed on every update. Emits the `person.updated` webhook
    event.

    Args:
        person_id (UUID):
        body (UpdatePersonBody | Unset): Every field is optional; null clears an optional field.
            updated_at is refreshed on every update.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Person]
    """

    kwargs = _get_kwargs(
        person_id=person_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    person_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePersonBody | Unset = UNSET,
) -> Any | Error | Person | None:
    """Update a person

     Partial update (spec 4.3): only the fields sent change; null clears an optional field; custom_fields
    is replaced as a whole. updated_at is refreshed on every update. Emits the `person.updated` webhook
    event.

    Args:
        person_id (UUID):
        body (UpdatePersonBody | Unset): Every field is optional; null clears an optional field.
            updated_at is refreshed on every update.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Person
    """

    return sync_detailed(
        person_id=person_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    person_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePersonBody | Unset = UNSET,
) -> Response[Any | Error | Person]:
    """Update a person

     Partial update (spec 4.3): only the fields sent change; null clears an optional field; custom_fields
    is replaced as a whole. updated_at is refreshed on every update. Emits the `person.updated` webhook
    event.

    Args:
        person_id (UUID):
        body (UpdatePersonBody | Unset): Every field is optional; null clears an optional field.
            updated_at is refreshed on every update.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Person]
    """

    kwargs = _get_kwargs(
        person_id=person_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    person_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePersonBody | Unset = UNSET,
) -> Any | Error | Person | None:
    """Update a person

     Partial update (spec 4.3): only the fields sent change; null clears an optional field; custom_fields
    is replaced as a whole. updated_at is refreshed on every update. Emits the `person.updated` webhook
    event.

    Args:
        person_id (UUID):
        body (UpdatePersonBody | Unset): Every field is optional; null clears an optional field.
            updated_at is refreshed on every update.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Person
    """

    return (
        await asyncio_detailed(
            person_id=person_id,
            client=client,
            body=body,
        )
    ).parsed
