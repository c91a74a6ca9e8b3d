"""mer_agents demo app: `python app.py` (flags: --host, --port, --share). Hugging Face Spaces runs this file.

The app lives in `mer_agents/ui/app.py`; this entry builds it from the environment (MER_*) at import, so
Spaces and Gradio's reload mode find the module-level `demo`, and serves it when run as a script.
"""

from mer_agents.config import Settings
from mer_agents.ui.app import build_app, main

settings = Settings.from_env()
demo = build_app(settings)

if __name__ == "__main__":
    main(settings=settings, demo=demo)
