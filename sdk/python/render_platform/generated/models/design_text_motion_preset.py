from enum import StrEnum


class DesignTextMotionPreset(StrEnum):
    FADE = "fade"
    SCALE = "scale"
    SLIDE = "slide"
    STAGGER = "stagger"
    TYPEWRITER = "typewriter"
    WIPE = "wipe"

    def __str__(self) -> str:
        return str(self.value)
