"""``python -m guildhall ...`` runs the command line (same as the ``guildhall`` script)."""
from guildhall.cli import main

if __name__ == "__main__":
    main()
