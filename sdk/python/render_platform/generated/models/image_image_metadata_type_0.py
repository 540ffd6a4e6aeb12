from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.image_image_metadata_type_0_engine import ImageImageMetadataType0Engine
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.provenance import Provenance


T = TypeVar("T", bound="ImageImageMetadataType0")


@_attrs_define
class ImageImageMetadataType0:
    """
    Attributes:
        width (int | Unset):
        height (int | Unset):
        format_ (str | Unset): png, jpeg, webp or pdf
        bytes_ (int | Unset):
        sha256 (str | Unset):
        pages (int | Unset): pdf only: always 1
        provenance (Provenance | Unset): What made the render (docs/renders.md): equal `fingerprint` means made the same
            way.
        engine (ImageImageMetadataType0Engine | Unset): the engine that drew it: the template version's decided engine
            (docs/engines.md)
        engine_version (str | Unset): e.g. `takumi 2.16.3`, `chromium 142.0.7444.59`
    """

    width: int | Unset = UNSET
    height: int | Unset = UNSET
    format_: str | Unset = UNSET
    bytes_: int | Unset = UNSET
    sha256: str | Unset = UNSET
    pages: int | Unset = UNSET
    provenance: Provenance | Unset = UNSET
    engine: ImageImageMetadataType0Engine | Unset = UNSET
    engine_version: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        width = self.width

        height = self.height

        format_ = self.format_

        bytes_ = self.bytes_

        sha256 = self.sha256

        pages = self.pages

        provenance: dict[str, Any] | Unset = UNSET
        if not isinstance(self.provenance, Unset):
            provenance = self.provenance.to_dict()

        engine: str | Unset = UNSET
        if not isinstance(self.engine, Unset):
            engine = self.engine.value

        engine_version = self.engine_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if format_ is not UNSET:
            field_dict["format"] = format_
        if bytes_ is not UNSET:
            field_dict["bytes"] = bytes_
        if sha256 is not UNSET:
            field_dict["sha256"] = sha256
        if pages is not UNSET:
            field_dict["pages"] = pages
        if provenance is not UNSET:
            field_dict["provenance"] = provenance
        if engine is not UNSET:
            field_dict["engine"] = engine
        if engine_version is not UNSET:
            field_dict["engine_version"] = engine_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provenance import Provenance

        d = dict(src_dict)
        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        format_ = d.pop("format", UNSET)

        bytes_ = d.pop("bytes", UNSET)

        sha256 = d.pop("sha256", UNSET)

        pages = d.pop("pages", UNSET)

        _provenance = d.pop("provenance", UNSET)
        provenance: Provenance | Unset
        if isinstance(_provenance, Unset):
            provenance = UNSET
        else:
            provenance = Provenance.from_dict(_provenance)

        _engine = d.pop("engine", UNSET)
        engine: ImageImageMetadataType0Engine | Unset
        if isinstance(_engine, Unset):
            engine = UNSET
        else:
            engine = ImageImageMetadataType0Engine(_engine)

        engine_version = d.pop("engine_version", UNSET)

        image_image_metadata_type_0 = cls(
            width=width,
            height=height,
            format_=format_,
            bytes_=bytes_,
            sha256=sha256,
            pages=pages,
            provenance=provenance,
            engine=engine,
            engine_version=engine_version,
        )

        image_image_metadata_type_0.additional_properties = d
        return image_image_metadata_type_0

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
