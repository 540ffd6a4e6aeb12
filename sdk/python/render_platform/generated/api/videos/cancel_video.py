from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.video import Video
from ...types import Response


def _get_kwargs(
    video_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/videos/{video_id}/cancel".format(
            video_id=quote(str(video_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Video | None:
    if response.status_code == 202:
        response_202 = Video.from_dict(response.json())

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
) -> Response[Any | Error | Video]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    video_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | Video]:
    """Cancel a video render

     Cancels the workflow: ffmpeg and the capture pages stop, and the video ends `failed` with error code
    `cancelled`. Works for collection items too (a queued item is failed at once and never rendered; the
    collection counts it as failed). A finished video answers 409.

    Args:
        video_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Video]
    """

    kwargs = _get_kwargs(
        video_id=video_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    video_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | Video | None:
    """Cancel a video render

     Cancels the workflow: ffmpeg and the capture pages stop, and the video ends `failed` with error code
    `cancelled`. Works for collection items too (a queued item is failed at once and never rendered; the
    collection counts it as failed). A finished video answers 409.

    Args:
        video_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Video
    """

    return sync_detailed(
        video_id=video_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    video_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | Video]:
    """Cancel a video render

     Cancels the workflow: ffmpeg and the capture pages stop, and the video ends `failed` with error code
    `cancelled`. Works for collection items too (a queued item is failed at once and never rendered; the
    collection counts it as failed). A finished video answers 409.

    Args:
        video_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Video]
    """

    kwargs = _get_kwargs(
        video_id=video_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    video_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | Video | None:
    """Cancel a video render

     Cancels the workflow: ffmpeg and the capture pages stop, and the video ends `failed` with error code
    `cancelled`. Works for collection items too (a queued item is failed at once and never rendered; the
    collection counts it as failed). A finished video answers 409.

    Args:
        video_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Video
    """

    return (
        await asyncio_detailed(
            video_id=video_id,
            client=client,
        )
    ).parsed
