from enum import StrEnum


class TemplateVersionPinnedResourcesItemKind(StrEnum):
    FONT = "font"
    IMAGE = "image"
    SCRIPT = "script"
    STYLESHEET = "stylesheet"

    def __str__(self) -> str:
        return str(self.value)
