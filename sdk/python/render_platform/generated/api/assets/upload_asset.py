from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.asset import Asset
from ...models.error import Error
from ...models.upload_asset_files_body import UploadAssetFilesBody
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: UploadAssetFilesBody | File | Unset = UNSET,
    filename: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["filename"] = filename

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/assets",
        "params": params,
    }

    if isinstance(body, UploadAssetFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, File):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Asset | Error | None:
    if response.status_code == 201:
        response_201 = Asset.from_dict(response.json())

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
) -> Response[Asset | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadAssetFilesBody | File | Unset = UNSET,
    filename: str | Unset = UNSET,
) -> Response[Asset | Error]:
    """Upload an asset (image, audio or font)

     Send the file as multipart/form-data (field `file`) or as the raw body (Content-Type image/*,
    audio/*, font/* or application/octet-stream). The type is detected from the bytes: images (PNG,
    JPEG, WebP, GIF, SVG), audio (MP3, WAV, Ogg, M4A) and fonts (TTF, OTF, WOFF, WOFF2, with a
    consistent header); anything else answers 422 `unsupported_asset_type`. Larger than
    ASSET_LIMIT_BYTES (default 10 MiB) answers 413. Renders reference an asset as `asset://<id>`: in
    image_url, in a template's `@font-face { src: url(asset://<id>) }`, or as a video's audio.url.

    Args:
        filename (str | Unset):
        body (UploadAssetFilesBody):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        filename=filename,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: UploadAssetFilesBody | File | Unset = UNSET,
    filename: str | Unset = UNSET,
) -> Asset | Error | None:
    """Upload an asset (image, audio or font)

     Send the file as multipart/form-data (field `file`) or as the raw body (Content-Type image/*,
    audio/*, font/* or application/octet-stream). The type is detected from the bytes: images (PNG,
    JPEG, WebP, GIF, SVG), audio (MP3, WAV, Ogg, M4A) and fonts (TTF, OTF, WOFF, WOFF2, with a
    consistent header); anything else answers 422 `unsupported_asset_type`. Larger than
    ASSET_LIMIT_BYTES (default 10 MiB) answers 413. Renders reference an asset as `asset://<id>`: in
    image_url, in a template's `@font-face { src: url(asset://<id>) }`, or as a video's audio.url.

    Args:
        filename (str | Unset):
        body (UploadAssetFilesBody):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Asset | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        filename=filename,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadAssetFilesBody | File | Unset = UNSET,
    filename: str | Unset = UNSET,
) -> Response[Asset | Error]:
    """Upload an asset (image, audio or font)

     Send the file as multipart/form-data (field `file`) or as the raw body (Content-Type image/*,
    audio/*, font/* or application/octet-stream). The type is detected from the bytes: images (PNG,
    JPEG, WebP, GIF, SVG), audio (MP3, WAV, Ogg, M4A) and fonts (TTF, OTF, WOFF, WOFF2, with a
    consistent header); anything else answers 422 `unsupported_asset_type`. Larger than
    ASSET_LIMIT_BYTES (default 10 MiB) answers 413. Renders reference an asset as `asset://<id>`: in
    image_url, in a template's `@font-face { src: url(asset://<id>) }`, or as a video's audio.url.

    Args:
        filename (str | Unset):
        body (UploadAssetFilesBody):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        filename=filename,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UploadAssetFilesBody | File | Unset = UNSET,
    filename: str | Unset = UNSET,
) -> Asset | Error | None:
    """Upload an asset (image, audio or font)

     Send the file as multipart/form-data (field `file`) or as the raw body (Content-Type image/*,
    audio/*, font/* or application/octet-stream). The type is detected from the bytes: images (PNG,
    JPEG, WebP, GIF, SVG), audio (MP3, WAV, Ogg, M4A) and fonts (TTF, OTF, WOFF, WOFF2, with a
    consistent header); anything else answers 422 `unsupported_asset_type`. Larger than
    ASSET_LIMIT_BYTES (default 10 MiB) answers 413. Renders reference an asset as `asset://<id>`: in
    image_url, in a template's `@font-face { src: url(asset://<id>) }`, or as a video's audio.url.

    Args:
        filename (str | Unset):
        body (UploadAssetFilesBody):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Asset | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            filename=filename,
        )
    ).parsed
