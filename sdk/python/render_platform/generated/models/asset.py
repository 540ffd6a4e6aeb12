from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.asset_content_type import AssetContentType

T = TypeVar("T", bound="Asset")


@_attrs_define
class Asset:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        content_type (AssetContentType): Detected from the bytes.
        bytes_ (int):
        sha256 (str):
        filename (None | str):
        url (str): Signed, expiring download URL (no API key needed). Renders reference the asset as `asset://<id>`:
            images in image_url, fonts in @font-face src, audio in a video's audio.url.
        created_at (datetime.datetime):
    """

    id: UUID
    org_id: UUID
    content_type: AssetContentType
    bytes_: int
    sha256: str
    filename: None | str
    url: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        org_id = str(self.org_id)

        content_type = self.content_type.value

        bytes_ = self.bytes_

        sha256 = self.sha256

        filename: None | str
        filename = self.filename

        url = self.url

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "content_type": content_type,
                "bytes": bytes_,
                "sha256": sha256,
                "filename": filename,
                "url": url,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        content_type = AssetContentType(d.pop("content_type"))

        bytes_ = d.pop("bytes")

        sha256 = d.pop("sha256")

        def _parse_filename(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filename = _parse_filename(d.pop("filename"))

        url = d.pop("url")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        asset = cls(
            id=id,
            org_id=org_id,
            content_type=content_type,
            bytes_=bytes_,
            sha256=sha256,
            filename=filename,
            url=url,
            created_at=created_at,
        )

        asset.additional_properties = d
        return asset

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
