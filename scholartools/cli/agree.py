"""Agreement and correlation between raters, judges and metrics — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-agree",
    "Agreement and correlation between raters, judges and metrics",
    "Cohen / Fleiss kappa, Krippendorff alpha, Pearson / Spearman / Kendall at pooled, per-group and system level, bootstrap intervals, majority vote.",
)

if __name__ == "__main__":
    main()
