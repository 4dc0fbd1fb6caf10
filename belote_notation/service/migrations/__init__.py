"""The migrations of the service's schema (Alembic), shipped with the package."""
