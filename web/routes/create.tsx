// Create (spec §2): what to create. 'Next' opens /product/{Buy|Sell} or /service/{Buy|Sell}.
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SELL_OR_BUY, type SellOrBuy } from '../../shared/catalog';
import { Button } from '../components/ui/button';
import { cardClass } from '../components/ui/card';
import { SelectField } from '../components/ui/field';
import { Page } from '../components/ui/page';

const KINDS = ['Product', 'Service'] as const;

export default function Create() {
  const navigate = useNavigate();
  const [sellOrBuy, setSellOrBuy] = useState<SellOrBuy>('Buy');
  const [kind, setKind] = useState<(typeof KINDS)[number]>('Product');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/${kind.toLowerCase()}/${sellOrBuy}`);
  };

  return (
    <Page title="Create new post">
      <form onSubmit={onSubmit} className={cardClass({ padding: 'responsive' }, 'space-y-4')}>
        <SelectField
          label="Are you looking to sell or buy?"
          name="sell_or_buy"
          options={SELL_OR_BUY}
          value={sellOrBuy}
          onChange={(e) => setSellOrBuy(e.target.value as SellOrBuy)}
        />
        <SelectField
          label="Product or service?"
          name="type"
          options={KINDS}
          value={kind}
          onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}
        />
        <Button type="submit" className="w-full">
          Next
        </Button>
      </form>
    </Page>
  );
}
