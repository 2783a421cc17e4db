"""A stored solution's language choices are the runner's languages (runner.contract), read
when a form is built; no change to the table."""

from django.db import migrations, models

import problems.models


class Migration(migrations.Migration):
    dependencies = [
        ("problems", "0003_solution_expected_verdict_choices"),
    ]

    operations = [
        migrations.AlterField(
            model_name="problemsolution",
            name="language",
            field=models.CharField(choices=problems.models.language_choices, max_length=16),
        ),
    ]
