from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_pinned_resources_item_kind import (
    TemplateVersionPinnedResourcesItemKind,
)
from ..models.template_version_pinned_resources_item_status import (
    TemplateVersionPinnedResourcesItemStatus,
)

if TYPE_CHECKING:
    from ..models.template_version_pinned_resources_item_error_type_0 import (
        TemplateVersionPinnedResourcesItemErrorType0,
    )
    from ..models.template_version_pinned_resources_item_gate_type_0 import (
        TemplateVersionPinnedResourcesItemGateType0,
    )


T = TypeVar("T", bound="TemplateVersionPinnedResourcesItem")


@_attrs_define
class TemplateVersionPinnedResourcesItem:
    """
    Attributes:
        url (str): Absolute URL as the template (or a pinned stylesheet, against its own URL) names it.
        kind (TemplateVersionPinnedResourcesItemKind):
        status (TemplateVersionPinnedResourcesItemStatus): `unresolved`: fetching failed at save; renders of this
            version fail with `error.code` at once, without fetching.
        asset_key (None | str):
        sha256 (None | str):
        bytes_ (int | None):
        content_type (None | str):
        error (None | TemplateVersionPinnedResourcesItemErrorType0):
        gate (None | TemplateVersionPinnedResourcesItemGateType0):
    """

    url: str
    kind: TemplateVersionPinnedResourcesItemKind
    status: TemplateVersionPinnedResourcesItemStatus
    asset_key: None | str
    sha256: None | str
    bytes_: int | None
    content_type: None | str
    error: None | TemplateVersionPinnedResourcesItemErrorType0
    gate: None | TemplateVersionPinnedResourcesItemGateType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.template_version_pinned_resources_item_error_type_0 import (
            TemplateVersionPinnedResourcesItemErrorType0,
        )
        from ..models.template_version_pinned_resources_item_gate_type_0 import (
            TemplateVersionPinnedResourcesItemGateType0,
        )

        url = self.url

        kind = self.kind.value

        status = self.status.value

        asset_key: None | str
        asset_key = self.asset_key

        sha256: None | str
        sha256 = self.sha256

        bytes_: int | None
        bytes_ = self.bytes_

        content_type: None | str
        content_type = self.content_type

        error: dict[str, Any] | None
        if isinstance(self.error, TemplateVersionPinnedResourcesItemErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        gate: dict[str, Any] | None
        if isinstance(self.gate, TemplateVersionPinnedResourcesItemGateType0):
            gate = self.gate.to_dict()
        else:
            gate = self.gate

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "kind": kind,
                "status": status,
                "asset_key": asset_key,
                "sha256": sha256,
                "bytes": bytes_,
                "content_type": content_type,
                "error": error,
                "gate": gate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_version_pinned_resources_item_error_type_0 import (
            TemplateVersionPinnedResourcesItemErrorType0,
        )
        from ..models.template_version_pinned_resources_item_gate_type_0 import (
            TemplateVersionPinnedResourcesItemGateType0,
        )

        d = dict(src_dict)
        url = d.pop("url")

        kind = TemplateVersionPinnedResourcesItemKind(d.pop("kind"))

        status = TemplateVersionPinnedResourcesItemStatus(d.pop("status"))

        def _parse_asset_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        asset_key = _parse_asset_key(d.pop("asset_key"))

        def _parse_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sha256 = _parse_sha256(d.pop("sha256"))

        def _parse_bytes_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bytes_ = _parse_bytes_(d.pop("bytes"))

        def _parse_content_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content_type = _parse_content_type(d.pop("content_type"))

        def _parse_error(
            data: object,
        ) -> None | TemplateVersionPinnedResourcesItemErrorType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = TemplateVersionPinnedResourcesItemErrorType0.from_dict(
                    data
                )

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateVersionPinnedResourcesItemErrorType0, data)

        error = _parse_error(d.pop("error"))

        def _parse_gate(
            data: object,
        ) -> None | TemplateVersionPinnedResourcesItemGateType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                gate_type_0 = TemplateVersionPinnedResourcesItemGateType0.from_dict(
                    data
                )

                return gate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateVersionPinnedResourcesItemGateType0, data)

        gate = _parse_gate(d.pop("gate"))

        template_version_pinned_resources_item = cls(
            url=url,
            kind=kind,
            status=status,
            asset_key=asset_key,
            sha256=sha256,
            bytes_=bytes_,
            content_type=content_type,
            error=error,
            gate=gate,
        )

        template_version_pinned_resources_item.additional_properties = d
        return template_version_pinned_resources_item

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
