from enum import StrEnum


class TemplateVersionPinnedResourcesItemStatus(StrEnum):
    PINNED = "pinned"
    UNRESOLVED = "unresolved"

    def __str__(self) -> str:
        return str(self.value)
