"""mer_agents: multimodal empathetic response generation with structured reasoning and reflection."""

__version__ = "0.1.0"
