from enum import StrEnum


class TemplateVersionPinnedResourcesItemKind(StrEnum):
    FONT = "font"
    IMAGE = "image"
    STYLESHEET = "stylesheet"

    def __str__(self) -> str:
        return str(self.value)
