"""The LLM layer; see scholartools.llm.options for the command-author guide."""
