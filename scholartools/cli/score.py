"""Every metric of the five papers, per record and aggregated — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-score",
    "Every metric of the five papers, per record and aggregated",
    "ROUGE, BLEU, BERTScore, cosine, PointWise, FM, AAAR and CLAIMCHECK metrics, classification metrics.",
)

if __name__ == "__main__":
    main()
