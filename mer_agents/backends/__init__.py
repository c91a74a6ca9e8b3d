"""Language-model backends behind one protocol (see base.py); `get_backend` picks one from Settings."""
