from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.collection_status import CollectionStatus
from ..models.collection_type import CollectionType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.collection_item import CollectionItem
    from ..models.collection_metadata import CollectionMetadata
    from ..models.collection_warnings_count import CollectionWarningsCount


T = TypeVar("T", bound="Collection")


@_attrs_define
class Collection:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        name (None | str):
        type_ (CollectionType):
        status (CollectionStatus): completed: every item completed; completed_with_errors: some failed; failed: none
            completed
        total (int):
        completed (int):
        failed (int):
        zip_url (None | str):
        zip_storage_path (None | str):
        created_at (datetime.datetime):
        completed_at (datetime.datetime | None):
        template_id (UUID | Unset):
        template_version (int | Unset):
        metadata (CollectionMetadata | Unset):
        schedule_id (None | Unset | UUID): The schedule whose run made this collection, else null
        items (list[CollectionItem] | Unset):
        warnings_count (CollectionWarningsCount | Unset): With items (GET by id): warnings of the completed items, by
            code
        items_with_warnings (list[int] | Unset): With items (GET by id): indexes of the items that have warnings
    """

    id: UUID
    org_id: UUID
    name: None | str
    type_: CollectionType
    status: CollectionStatus
    total: int
    completed: int
    failed: int
    zip_url: None | str
    zip_storage_path: None | str
    created_at: datetime.datetime
    completed_at: datetime.datetime | None
    template_id: UUID | Unset = UNSET
    template_version: int | Unset = UNSET
    metadata: CollectionMetadata | Unset = UNSET
    schedule_id: None | Unset | UUID = UNSET
    items: list[CollectionItem] | Unset = UNSET
    warnings_count: CollectionWarningsCount | Unset = UNSET
    items_with_warnings: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        org_id = str(self.org_id)

        name: None | str
        name = self.name

        type_ = self.type_.value

        status = self.status.value

        total = self.total

        completed = self.completed

        failed = self.failed

        zip_url: None | str
        zip_url = self.zip_url

        zip_storage_path: None | str
        zip_storage_path = self.zip_storage_path

        created_at = self.created_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        template_id: str | Unset = UNSET
        if not isinstance(self.template_id, Unset):
            template_id = str(self.template_id)

        template_version = self.template_version

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        schedule_id: None | str | Unset
        if isinstance(self.schedule_id, Unset):
            schedule_id = UNSET
        elif isinstance(self.schedule_id, UUID):
            schedule_id = str(self.schedule_id)
        else:
            schedule_id = self.schedule_id

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)

        warnings_count: dict[str, Any] | Unset = UNSET
        if not isinstance(self.warnings_count, Unset):
            warnings_count = self.warnings_count.to_dict()

        items_with_warnings: list[int] | Unset = UNSET
        if not isinstance(self.items_with_warnings, Unset):
            items_with_warnings = self.items_with_warnings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "name": name,
                "type": type_,
                "status": status,
                "total": total,
                "completed": completed,
                "failed": failed,
                "zip_url": zip_url,
                "zip_storage_path": zip_storage_path,
                "created_at": created_at,
                "completed_at": completed_at,
            }
        )
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if template_version is not UNSET:
            field_dict["template_version"] = template_version
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if schedule_id is not UNSET:
            field_dict["schedule_id"] = schedule_id
        if items is not UNSET:
            field_dict["items"] = items
        if warnings_count is not UNSET:
            field_dict["warnings_count"] = warnings_count
        if items_with_warnings is not UNSET:
            field_dict["items_with_warnings"] = items_with_warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.collection_item import CollectionItem
        from ..models.collection_metadata import CollectionMetadata
        from ..models.collection_warnings_count import CollectionWarningsCount

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        type_ = CollectionType(d.pop("type"))

        status = CollectionStatus(d.pop("status"))

        total = d.pop("total")

        completed = d.pop("completed")

        failed = d.pop("failed")

        def _parse_zip_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        zip_url = _parse_zip_url(d.pop("zip_url"))

        def _parse_zip_storage_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        zip_storage_path = _parse_zip_storage_path(d.pop("zip_storage_path"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        _template_id = d.pop("template_id", UNSET)
        template_id: UUID | Unset
        if isinstance(_template_id, Unset):
            template_id = UNSET
        else:
            template_id = UUID(_template_id)

        template_version = d.pop("template_version", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CollectionMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CollectionMetadata.from_dict(_metadata)

        def _parse_schedule_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                schedule_id_type_0 = UUID(data)

                return schedule_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        schedule_id = _parse_schedule_id(d.pop("schedule_id", UNSET))

        _items = d.pop("items", UNSET)
        items: list[CollectionItem] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = CollectionItem.from_dict(items_item_data)

                items.append(items_item)

        _warnings_count = d.pop("warnings_count", UNSET)
        warnings_count: CollectionWarningsCount | Unset
        if isinstance(_warnings_count, Unset):
            warnings_count = UNSET
        else:
            warnings_count = CollectionWarningsCount.from_dict(_warnings_count)

        items_with_warnings = cast(list[int], d.pop("items_with_warnings", UNSET))

        collection = cls(
            id=id,
            org_id=org_id,
            name=name,
            type_=type_,
            status=status,
            total=total,
            completed=completed,
            failed=failed,
            zip_url=zip_url,
            zip_storage_path=zip_storage_path,
            created_at=created_at,
            completed_at=completed_at,
            template_id=template_id,
            template_version=template_version,
            metadata=metadata,
            schedule_id=schedule_id,
            items=items,
            warnings_count=warnings_count,
            items_with_warnings=items_with_warnings,
        )

        collection.additional_properties = d
        return collection

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
