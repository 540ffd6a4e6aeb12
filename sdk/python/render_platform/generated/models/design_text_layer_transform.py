from enum import StrEnum


class DesignTextLayerTransform(StrEnum):
    CAPITALIZE = "capitalize"
    LOWERCASE = "lowercase"
    NONE = "none"
    UPPERCASE = "uppercase"

    def __str__(self) -> str:
        return str(self.value)
