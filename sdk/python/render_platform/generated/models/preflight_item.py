from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.preflight_item_error_type_0 import PreflightItemErrorType0
    from ..models.preflight_item_metadata import PreflightItemMetadata
    from ..models.preflight_item_modifications_item import (
        PreflightItemModificationsItem,
    )
    from ..models.render_warning import RenderWarning


T = TypeVar("T", bound="PreflightItem")


@_attrs_define
class PreflightItem:
    """
    Attributes:
        index (int):
        warnings (list[RenderWarning]):
        metadata (PreflightItemMetadata | Unset): The item metadata (from-people: `person_id`)
        modifications (list[PreflightItemModificationsItem] | Unset): The values the item renders with (from-people:
            mapped from the person); e.g. for POST /v1/previews
        error (None | PreflightItemErrorType0 | Unset):
    """

    index: int
    warnings: list[RenderWarning]
    metadata: PreflightItemMetadata | Unset = UNSET
    modifications: list[PreflightItemModificationsItem] | Unset = UNSET
    error: None | PreflightItemErrorType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.preflight_item_error_type_0 import PreflightItemErrorType0

        index = self.index

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        modifications: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.modifications, Unset):
            modifications = []
            for modifications_item_data in self.modifications:
                modifications_item = modifications_item_data.to_dict()
                modifications.append(modifications_item)

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, PreflightItemErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "warnings": warnings,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if modifications is not UNSET:
            field_dict["modifications"] = modifications
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preflight_item_error_type_0 import PreflightItemErrorType0
        from ..models.preflight_item_metadata import PreflightItemMetadata
        from ..models.preflight_item_modifications_item import (
            PreflightItemModificationsItem,
        )
        from ..models.render_warning import RenderWarning

        d = dict(src_dict)
        index = d.pop("index")

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = RenderWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        _metadata = d.pop("metadata", UNSET)
        metadata: PreflightItemMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = PreflightItemMetadata.from_dict(_metadata)

        _modifications = d.pop("modifications", UNSET)
        modifications: list[PreflightItemModificationsItem] | Unset = UNSET
        if _modifications is not UNSET:
            modifications = []
            for modifications_item_data in _modifications:
                modifications_item = PreflightItemModificationsItem.from_dict(
                    modifications_item_data
                )

                modifications.append(modifications_item)

        def _parse_error(data: object) -> None | PreflightItemErrorType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = PreflightItemErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreflightItemErrorType0 | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        preflight_item = cls(
            index=index,
            warnings=warnings,
            metadata=metadata,
            modifications=modifications,
            error=error,
        )

        preflight_item.additional_properties = d
        return preflight_item

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
