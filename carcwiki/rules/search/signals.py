"""Deleted content leaves the search at once, however it is deleted (the admin's delete
action, a cascade from its page). Saves go through the services, which sync the index."""

from django.db.models.signals import post_delete
from django.dispatch import receiver

from ..models import GlossaryTerm, Note, SearchDocument, Section
from .index import forget

KIND_OF_MODEL = {
    Section: SearchDocument.Kind.SECTION,
    Note: SearchDocument.Kind.NOTE,
    GlossaryTerm: SearchDocument.Kind.GLOSSARY,
}


@receiver(post_delete, sender=Section)
@receiver(post_delete, sender=Note)
@receiver(post_delete, sender=GlossaryTerm)
def forget_deleted_content(sender, instance, **kwargs) -> None:
    forget(KIND_OF_MODEL[sender], instance.pk)
