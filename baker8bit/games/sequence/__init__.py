"""McCarthy's sequence solitaire (1973): the rules (``rules``), strategies written as text
(``strategy``), players and the study (``players``, ``study``), and the console game
(``variant``, ``play``, ``dialogue``, ``screen``)."""
