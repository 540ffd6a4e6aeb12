from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.collection import Collection
from ...models.collection_preflight import CollectionPreflight
from ...models.create_collection_from_people_body import CreateCollectionFromPeopleBody
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateCollectionFromPeopleBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(authorization, Unset):
        headers["Authorization"] = authorization

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/collections/from-people",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Collection | CollectionPreflight | Error | None:
    if response.status_code == 200:
        response_200 = CollectionPreflight.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = Collection.from_dict(response.json())

        return response_202

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
) -> Response[Any | Collection | CollectionPreflight | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateCollectionFromPeopleBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Collection | CollectionPreflight | Error]:
    """Create a collection with one item per matching person

     Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run;
    only active people unless `status` says otherwise) and renders the template once per person, mapping
    person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry
    `metadata.person_id`. `"preflight": true` answers 200 with every item's warnings instead. No match,
    or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field
    answers 422 naming `mapping.<placeholder>`.

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionFromPeopleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Collection | CollectionPreflight | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        authorization=authorization,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateCollectionFromPeopleBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Any | Collection | CollectionPreflight | Error | None:
    """Create a collection with one item per matching person

     Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run;
    only active people unless `status` says otherwise) and renders the template once per person, mapping
    person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry
    `metadata.person_id`. `"preflight": true` answers 200 with every item's warnings instead. No match,
    or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field
    answers 422 naming `mapping.<placeholder>`.

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionFromPeopleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Collection | CollectionPreflight | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        authorization=authorization,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateCollectionFromPeopleBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Collection | CollectionPreflight | Error]:
    """Create a collection with one item per matching person

     Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run;
    only active people unless `status` says otherwise) and renders the template once per person, mapping
    person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry
    `metadata.person_id`. `"preflight": true` answers 200 with every item's warnings instead. No match,
    or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field
    answers 422 naming `mapping.<placeholder>`.

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionFromPeopleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Collection | CollectionPreflight | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        authorization=authorization,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateCollectionFromPeopleBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Any | Collection | CollectionPreflight | Error | None:
    """Create a collection with one item per matching person

     Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run;
    only active people unless `status` says otherwise) and renders the template once per person, mapping
    person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry
    `metadata.person_id`. `"preflight": true` answers 200 with every item's warnings instead. No match,
    or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field
    answers 422 naming `mapping.<placeholder>`.

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionFromPeopleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Collection | CollectionPreflight | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            authorization=authorization,
            idempotency_key=idempotency_key,
        )
    ).parsed
