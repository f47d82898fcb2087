"""Adapters that make rlver-serve (the RLVER simulated user as an HTTP environment) the environment of verl,
OpenRLHF, verifiers and TRL. The client needs only the standard library; each adapter module imports its framework.

- ``rlver_env.client``: :class:`RlverEnvClient` / :class:`AsyncRlverEnvClient` (idempotent retries)
- ``rlver_env.verl_interaction``: ``RlverUserInteraction`` (verl ``BaseInteraction``), ``verl_reward.compute_score``
- ``rlver_env.openrlhf_agent``: ``AgentInstance`` / ``AgentExecutor`` (``--train.agent_func_path``)
- ``rlver_env.verifiers_env``: ``RlverUserEnv`` (``vf.MultiTurnEnv``) and ``load_environment``
- ``rlver_env.trl_rollout``: ``make_rollout_func`` for ``GRPOTrainer`` and ``reward_from_env``
- ``python -m rlver_env.prepare_dataset``: a training set with pre-generated openers, for every adapter
"""

from .client import AsyncRlverEnvClient, RlverEnvClient, RlverServerError, default_base_url, episode_spec

__all__ = ["AsyncRlverEnvClient", "RlverEnvClient", "RlverServerError", "default_base_url", "episode_spec"]
__version__ = "0.1.0"
