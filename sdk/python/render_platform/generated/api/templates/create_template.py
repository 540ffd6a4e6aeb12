from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_template_body import CreateTemplateBody
from ...models.error import Error
from ...models.template import Template
from ...types import Response


def _get_kwargs(
    *,
    body: CreateTemplateBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/templates",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Template | None:
    if response.status_code == 201:
        response_201 = Template.from_dict(response.json())

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
    *,
    client: AuthenticatedClient | Client,
    body: CreateTemplateBody,
) -> Response[Error | Template]:
    """Create a template

     Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video),
    `video_strategy` to auto, `engine` to auto, `project_id` to the org id. With `engine: auto` the
    version renders with Chromium (`engine_decision.reason` `parity_pending`) until its parity check
    decides, usually within seconds; `engine: native` answers 422 `engine_unsupported` (field `engine`,
    naming the reason) when the static gate rules the native engine out (docs/engines.md). What the HTML
    loads from elsewhere is pinned before the answer (docs/pinning.md): the version records it as
    `pinned_resources` and its renders never fetch those URLs again.

    Args:
        body (CreateTemplateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
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
    body: CreateTemplateBody,
) -> Error | Template | None:
    """Create a template

     Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video),
    `video_strategy` to auto, `engine` to auto, `project_id` to the org id. With `engine: auto` the
    version renders with Chromium (`engine_decision.reason` `parity_pending`) until its parity check
    decides, usually within seconds; `engine: native` answers 422 `engine_unsupported` (field `engine`,
    naming the reason) when the static gate rules the native engine out (docs/engines.md). What the HTML
    loads from elsewhere is pinned before the answer (docs/pinning.md): the version records it as
    `pinned_resources` and its renders never fetch those URLs again.

    Args:
        body (CreateTemplateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTemplateBody,
) -> Response[Error | Template]:
    """Create a template

     Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video),
    `video_strategy` to auto, `engine` to auto, `project_id` to the org id. With `engine: auto` the
    version renders with Chromium (`engine_decision.reason` `parity_pending`) until its parity check
    decides, usually within seconds; `engine: native` answers 422 `engine_unsupported` (field `engine`,
    naming the reason) when the static gate rules the native engine out (docs/engines.md). What the HTML
    loads from elsewhere is pinned before the answer (docs/pinning.md): the version records it as
    `pinned_resources` and its renders never fetch those URLs again.

    Args:
        body (CreateTemplateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTemplateBody,
) -> Error | Template | None:
    """Create a template

     Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video),
    `video_strategy` to auto, `engine` to auto, `project_id` to the org id. With `engine: auto` the
    version renders with Chromium (`engine_decision.reason` `parity_pending`) until its parity check
    decides, usually within seconds; `engine: native` answers 422 `engine_unsupported` (field `engine`,
    naming the reason) when the static gate rules the native engine out (docs/engines.md). What the HTML
    loads from elsewhere is pinned before the answer (docs/pinning.md): the version records it as
    `pinned_resources` and its renders never fetch those URLs again.

    Args:
        body (CreateTemplateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
