"""The reasoning agents: perception, consistency-aware forecaster, strategy planner, responder, reflection.

Each agent renders its prompt file (prompts/*.yaml, Jinja with StrictUndefined), calls the backend and
returns a validated stage output from mer_agents.types. Decisions a 135M model cannot be trusted with are
made by code (fusion, strategy candidates, audit checks); the model explains and chooses within them.
"""
