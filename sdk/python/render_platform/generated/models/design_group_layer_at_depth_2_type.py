from enum import StrEnum


class DesignGroupLayerAtDepth2Type(StrEnum):
    GROUP = "group"

    def __str__(self) -> str:
        return str(self.value)
