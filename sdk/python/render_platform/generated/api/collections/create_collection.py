from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.collection import Collection
from ...models.collection_preflight import CollectionPreflight
from ...models.create_collection_body import CreateCollectionBody
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateCollectionBody,
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
        "url": "/v1/collections",
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
    body: CreateCollectionBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Collection | CollectionPreflight | Error]:
    """Create a collection of renders

     Renders every item with the template (1-500 items). Every item is validated first; one invalid item
    rejects the whole request (422 naming `items[i]...`) and nothing starts. The collection type follows
    the template type. Every item renders in a child workflow of its own (its `workflow_id` in GET), at
    a lower priority than single renders; when all finish, the results are zipped. With `"preflight":
    true` it answers 200 with every item's warnings instead (nothing stored, nothing started;
    docs/renders.md).

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionBody):

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
    body: CreateCollectionBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Any | Collection | CollectionPreflight | Error | None:
    """Create a collection of renders

     Renders every item with the template (1-500 items). Every item is validated first; one invalid item
    rejects the whole request (422 naming `items[i]...`) and nothing starts. The collection type follows
    the template type. Every item renders in a child workflow of its own (its `workflow_id` in GET), at
    a lower priority than single renders; when all finish, the results are zipped. With `"preflight":
    true` it answers 200 with every item's warnings instead (nothing stored, nothing started;
    docs/renders.md).

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionBody):

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
    body: CreateCollectionBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Collection | CollectionPreflight | Error]:
    """Create a collection of renders

     Renders every item with the template (1-500 items). Every item is validated first; one invalid item
    rejects the whole request (422 naming `items[i]...`) and nothing starts. The collection type follows
    the template type. Every item renders in a child workflow of its own (its `workflow_id` in GET), at
    a lower priority than single renders; when all finish, the results are zipped. With `"preflight":
    true` it answers 200 with every item's warnings instead (nothing stored, nothing started;
    docs/renders.md).

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionBody):

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
    body: CreateCollectionBody,
    authorization: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Any | Collection | CollectionPreflight | Error | None:
    """Create a collection of renders

     Renders every item with the template (1-500 items). Every item is validated first; one invalid item
    rejects the whole request (422 naming `items[i]...`) and nothing starts. The collection type follows
    the template type. Every item renders in a child workflow of its own (its `workflow_id` in GET), at
    a lower priority than single renders; when all finish, the results are zipped. With `"preflight":
    true` it answers 200 with every item's warnings instead (nothing stored, nothing started;
    docs/renders.md).

    Args:
        authorization (None | str | Unset):
        idempotency_key (str | Unset):
        body (CreateCollectionBody):

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
