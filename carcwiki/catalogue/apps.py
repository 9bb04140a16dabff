from django.apps import AppConfig


class CatalogueConfig(AppConfig):
    name = "carcwiki.catalogue"
    verbose_name = "Catalogue"

    def ready(self) -> None:
        # The scoring engine's tile set is read from the catalogue, and rebuilt (in every
        # process) when tiles are loaded or edited.
        from django.db.models.signals import post_delete, post_save

        from scoring import tileset

        from .models import TileCount, TileType
        from .selectors import tile_data
        from .signals import catalogue_loaded

        tileset.use_tile_data(tile_data)
        catalogue_loaded.connect(tileset.tiles_changed, dispatch_uid="catalogue.tiles_loaded")
        for model in (TileType, TileCount):
            for signal in (post_save, post_delete):
                signal.connect(tileset.tiles_changed, sender=model,
                               dispatch_uid=f"catalogue.tiles_changed.{model.__name__}.{id(signal)}")
