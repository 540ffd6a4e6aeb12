from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.provenance_assets_item import ProvenanceAssetsItem
    from ..models.provenance_fonts import ProvenanceFonts
    from ..models.provenance_pinned_item import ProvenancePinnedItem


T = TypeVar("T", bound="Provenance")


@_attrs_define
class Provenance:
    """What made the render (docs/renders.md): equal `fingerprint` means made the same way.

    Attributes:
        template_id (str | Unset):
        template_version (int | Unset):
        document_sha256 (str | Unset): sha256 of the bound document (template HTML with every value bound)
        engine (str | Unset):
        engine_version (str | Unset):
        chromium_version (None | str | Unset):
        ffmpeg_version (None | str | Unset):
        fonts (ProvenanceFonts | Unset): dpkg versions of the font packages
        assets (list[ProvenanceAssetsItem] | Unset): Every asset the render fetched, sorted by URL
        pinned (list[ProvenancePinnedItem] | Unset): The version's pinned resources (docs/pinning.md), sorted by URL:
            the sha256 of the bytes the render used, null for one recorded unresolved. Absent when the version pinned
            nothing.
        fingerprint (str | Unset): sha256 of the canonical JSON of every other field
    """

    template_id: str | Unset = UNSET
    template_version: int | Unset = UNSET
    document_sha256: str | Unset = UNSET
    engine: str | Unset = UNSET
    engine_version: str | Unset = UNSET
    chromium_version: None | str | Unset = UNSET
    ffmpeg_version: None | str | Unset = UNSET
    fonts: ProvenanceFonts | Unset = UNSET
    assets: list[ProvenanceAssetsItem] | Unset = UNSET
    pinned: list[ProvenancePinnedItem] | Unset = UNSET
    fingerprint: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template_id = self.template_id

        template_version = self.template_version

        document_sha256 = self.document_sha256

        engine = self.engine

        engine_version = self.engine_version

        chromium_version: None | str | Unset
        if isinstance(self.chromium_version, Unset):
            chromium_version = UNSET
        else:
            chromium_version = self.chromium_version

        ffmpeg_version: None | str | Unset
        if isinstance(self.ffmpeg_version, Unset):
            ffmpeg_version = UNSET
        else:
            ffmpeg_version = self.ffmpeg_version

        fonts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fonts, Unset):
            fonts = self.fonts.to_dict()

        assets: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.assets, Unset):
            assets = []
            for assets_item_data in self.assets:
                assets_item = assets_item_data.to_dict()
                assets.append(assets_item)

        pinned: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pinned, Unset):
            pinned = []
            for pinned_item_data in self.pinned:
                pinned_item = pinned_item_data.to_dict()
                pinned.append(pinned_item)

        fingerprint = self.fingerprint

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if template_version is not UNSET:
            field_dict["template_version"] = template_version
        if document_sha256 is not UNSET:
            field_dict["document_sha256"] = document_sha256
        if engine is not UNSET:
            field_dict["engine"] = engine
        if engine_version is not UNSET:
            field_dict["engine_version"] = engine_version
        if chromium_version is not UNSET:
            field_dict["chromium_version"] = chromium_version
        if ffmpeg_version is not UNSET:
            field_dict["ffmpeg_version"] = ffmpeg_version
        if fonts is not UNSET:
            field_dict["fonts"] = fonts
        if assets is not UNSET:
            field_dict["assets"] = assets
        if pinned is not UNSET:
            field_dict["pinned"] = pinned
        if fingerprint is not UNSET:
            field_dict["fingerprint"] = fingerprint

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provenance_assets_item import ProvenanceAssetsItem
        from ..models.provenance_fonts import ProvenanceFonts
        from ..models.provenance_pinned_item import ProvenancePinnedItem

        d = dict(src_dict)
        template_id = d.pop("template_id", UNSET)

        template_version = d.pop("template_version", UNSET)

        document_sha256 = d.pop("document_sha256", UNSET)

        engine = d.pop("engine", UNSET)

        engine_version = d.pop("engine_version", UNSET)

        def _parse_chromium_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chromium_version = _parse_chromium_version(d.pop("chromium_version", UNSET))

        def _parse_ffmpeg_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ffmpeg_version = _parse_ffmpeg_version(d.pop("ffmpeg_version", UNSET))

        _fonts = d.pop("fonts", UNSET)
        fonts: ProvenanceFonts | Unset
        if isinstance(_fonts, Unset):
            fonts = UNSET
        else:
            fonts = ProvenanceFonts.from_dict(_fonts)

        _assets = d.pop("assets", UNSET)
        assets: list[ProvenanceAssetsItem] | Unset = UNSET
        if _assets is not UNSET:
            assets = []
            for assets_item_data in _assets:
                assets_item = ProvenanceAssetsItem.from_dict(assets_item_data)

                assets.append(assets_item)

        _pinned = d.pop("pinned", UNSET)
        pinned: list[ProvenancePinnedItem] | Unset = UNSET
        if _pinned is not UNSET:
            pinned = []
            for pinned_item_data in _pinned:
                pinned_item = ProvenancePinnedItem.from_dict(pinned_item_data)

                pinned.append(pinned_item)

        fingerprint = d.pop("fingerprint", UNSET)

        provenance = cls(
            template_id=template_id,
            template_version=template_version,
            document_sha256=document_sha256,
            engine=engine,
            engine_version=engine_version,
            chromium_version=chromium_version,
            ffmpeg_version=ffmpeg_version,
            fonts=fonts,
            assets=assets,
            pinned=pinned,
            fingerprint=fingerprint,
        )

        provenance.additional_properties = d
        return provenance

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
