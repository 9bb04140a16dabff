"""Rules reference: pages, sections and notes, the glossary, search and the selection."""
