from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.collection_item_status import CollectionItemStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.collection_item_error_type_0 import CollectionItemErrorType0
    from ..models.collection_item_metadata import CollectionItemMetadata
    from ..models.render_warning import RenderWarning


T = TypeVar("T", bound="CollectionItem")


@_attrs_define
class CollectionItem:
    """
    Attributes:
        index (int):
        render_id (UUID):
        workflow_id (str): The item's child workflow in Temporal (`collection-<id>-item-<index>`): its attempts and its
            error are in that workflow's history (docs/operations.md). Items of image collections created before item
            workflows rendered inside their collection workflow (`collection-<id>`) and have no workflow of their own.
        status (CollectionItemStatus):
        result_url (None | str | Unset):
        error (CollectionItemErrorType0 | None | Unset):
        metadata (CollectionItemMetadata | Unset):
        warnings (list[RenderWarning] | None | Unset):
    """

    index: int
    render_id: UUID
    workflow_id: str
    status: CollectionItemStatus
    result_url: None | str | Unset = UNSET
    error: CollectionItemErrorType0 | None | Unset = UNSET
    metadata: CollectionItemMetadata | Unset = UNSET
    warnings: list[RenderWarning] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.collection_item_error_type_0 import CollectionItemErrorType0

        index = self.index

        render_id = str(self.render_id)

        workflow_id = self.workflow_id

        status = self.status.value

        result_url: None | str | Unset
        if isinstance(self.result_url, Unset):
            result_url = UNSET
        else:
            result_url = self.result_url

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, CollectionItemErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        warnings: list[dict[str, Any]] | None | Unset
        if isinstance(self.warnings, Unset):
            warnings = UNSET
        elif isinstance(self.warnings, list):
            warnings = []
            for warnings_type_0_item_data in self.warnings:
                warnings_type_0_item = warnings_type_0_item_data.to_dict()
                warnings.append(warnings_type_0_item)

        else:
            warnings = self.warnings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "render_id": render_id,
                "workflow_id": workflow_id,
                "status": status,
            }
        )
        if result_url is not UNSET:
            field_dict["result_url"] = result_url
        if error is not UNSET:
            field_dict["error"] = error
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.collection_item_error_type_0 import CollectionItemErrorType0
        from ..models.collection_item_metadata import CollectionItemMetadata
        from ..models.render_warning import RenderWarning

        d = dict(src_dict)
        index = d.pop("index")

        render_id = UUID(d.pop("render_id"))

        workflow_id = d.pop("workflow_id")

        status = CollectionItemStatus(d.pop("status"))

        def _parse_result_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        result_url = _parse_result_url(d.pop("result_url", UNSET))

        def _parse_error(data: object) -> CollectionItemErrorType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = CollectionItemErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CollectionItemErrorType0 | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: CollectionItemMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CollectionItemMetadata.from_dict(_metadata)

        def _parse_warnings(data: object) -> list[RenderWarning] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                warnings_type_0 = []
                _warnings_type_0 = data
                for warnings_type_0_item_data in _warnings_type_0:
                    warnings_type_0_item = RenderWarning.from_dict(
                        warnings_type_0_item_data
                    )

                    warnings_type_0.append(warnings_type_0_item)

                return warnings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RenderWarning] | None | Unset, data)

        warnings = _parse_warnings(d.pop("warnings", UNSET))

        collection_item = cls(
            index=index,
            render_id=render_id,
            workflow_id=workflow_id,
            status=status,
            result_url=result_url,
            error=error,
            metadata=metadata,
            warnings=warnings,
        )

        collection_item.additional_properties = d
        return collection_item

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
