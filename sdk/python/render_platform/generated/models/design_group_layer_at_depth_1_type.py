from enum import StrEnum


class DesignGroupLayerAtDepth1Type(StrEnum):
    GROUP = "group"

    def __str__(self) -> str:
        return str(self.value)
