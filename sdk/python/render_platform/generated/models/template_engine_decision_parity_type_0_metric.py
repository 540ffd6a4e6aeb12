from enum import StrEnum


class TemplateEngineDecisionParityType0Metric(StrEnum):
    SSIMPSNR = "ssim+psnr"

    def __str__(self) -> str:
        return str(self.value)
