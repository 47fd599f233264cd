// Realistic listing material for the seed: what people in Zimbabwe buy and sell in each category,
// typical USD prices and rates, suburbs of every city, names and payment methods.
import type { Category, City } from '../../shared/catalog';

export interface CategoryData {
  products: string[];
  services: string[];
  /** USD price range of a product and hourly rate range of a service. */
  price: [number, number];
  rate: [number, number];
  features: string[];
}

// biome-ignore format: a data table reads best one entry per line
export const CATEGORY_DATA: Record<Category, CategoryData> = {
  Electronics: {
    products: ['Samsung 55" smart TV', 'Hisense fridge 300L', 'iPhone 12 128GB', 'HP laptop Core i5', 'Tecno Spark 10 phone', 'Solar inverter 3kVA', 'JBL bluetooth speaker', 'PlayStation 4 with 2 pads', 'Defy microwave oven', 'LG washing machine 7kg', 'Canon DSLR camera', 'Starlink kit'],
    services: ['Phone screen repairs', 'Laptop repairs and upgrades', 'DStv installation', 'Solar system installation', 'Fridge and aircon repairs', 'CCTV installation'],
    price: [20, 1400],
    rate: [5, 30],
    features: ['Comes with charger and box.', 'Battery health is good.', 'Still under warranty.', 'Tested and working perfectly.', 'Works on ZESA or solar.'],
  },
  Agriculture: {
    products: ['Broiler chicks (day old)', 'Maize seed SC 403 10kg', 'Compound D fertilizer 50kg', 'Boer goats', 'Knapsack sprayer 16L', 'Irrigation drip kit 1 hectare', 'Layers feed 50kg', 'Tractor disc harrow', 'Roadrunner chickens', 'Water pump 2 inch petrol', 'Tomato seedlings (tray)', 'Dairy cow in calf'],
    services: ['Tractor hire and ploughing', 'Borehole drilling', 'Farm fencing', 'Vet visits for livestock', 'Grain transport', 'Poultry farm setup advice'],
    price: [5, 3500],
    rate: [10, 60],
    features: ['Vaccinated and healthy.', 'Certified seed, this season.', 'Bulk orders welcome.', 'Can deliver to nearby farms.', 'Good for small-scale farmers.'],
  },
  'Clothing and Accessories': {
    products: ['Nike Air Force 1 size 9', 'School uniforms (full set)', 'Ladies handbag, leather', 'Men’s suit, navy, size 40', 'Wedding dress, ivory', 'Winter jackets (bale)', 'Zambia wrap fabric', 'Work boots, steel toe', 'Casio watch', 'Kids church dresses'],
    services: ['Tailoring and alterations', 'Wedding dress hire', 'Shoe repairs', 'Embroidery and school badges'],
    price: [5, 250],
    rate: [3, 20],
    features: ['Original, not a copy.', 'Worn once.', 'Various sizes available.', 'Brand new with tags.', 'Quality material.'],
  },
  'Home and Kitchen': {
    products: ['Gas stove 4 plate', '9kg gas cylinder (full)', 'Kettle and toaster set', 'Non-stick pot set', 'Chest freezer 200L', 'Blender, Kenwood', 'Dinner set for 6', 'Water tank 5000L', 'Bed linen, queen', 'Ironing board and iron'],
    services: ['House cleaning', 'Gas refills delivered', 'Plumbing repairs', 'Carpet and sofa cleaning', 'Pest control'],
    price: [5, 600],
    rate: [4, 25],
    features: ['Clean and well kept.', 'Used for 6 months only.', 'Moving out sale.', 'Everything included.', 'Saves electricity.'],
  },
  'Books and Media': {
    products: ['ZIMSEC O level past papers', 'A level Biology textbooks', 'Grade 7 revision books', 'Novels bundle (20 books)', 'Bible, Shona', 'Accounting textbook (Frank Wood)', 'Kids story books', 'Gospel music DVDs'],
    services: ['Maths tutoring', 'Typing and printing', 'Book binding', 'English lessons'],
    price: [2, 80],
    rate: [3, 20],
    features: ['Latest syllabus.', 'No missing pages.', 'Good for exam prep.', 'Clean copies.'],
  },
  'Health and Beauty': {
    products: ['Brazilian hair bundles', 'Shea butter 1kg', 'Hair dryer, salon type', 'Perfume, 100ml', 'Wheelchair, foldable', 'Blood pressure monitor', 'Nail kit with UV lamp', 'Body lotion (wholesale)'],
    services: ['Braiding and hair styling', 'Barber, home visits', 'Nails and lashes', 'Massage therapy', 'Makeup for weddings'],
    price: [3, 300],
    rate: [5, 40],
    features: ['Genuine products.', 'Sealed.', 'Wholesale prices for resellers.', 'Appointments on weekends too.'],
  },
  'Sports and Fitness': {
    products: ['Treadmill, electric', 'Dumbbell set 20kg', 'Football boots size 8', 'Mountain bike 26"', 'Yoga mats', 'Soccer balls (set of 5)', 'Boxing gloves and bag', 'Netball posts'],
    services: ['Personal training', 'Swimming lessons', 'Football coaching for kids', 'Bicycle repairs'],
    price: [5, 700],
    rate: [5, 30],
    features: ['Barely used.', 'Strong and durable.', 'Good for home workouts.', 'All sizes.'],
  },
  'Toys and Games': {
    products: ['Kids bicycle with training wheels', 'Lego set', 'Board games bundle', 'Remote control car', 'Dolls and doll house', 'Jumping castle', 'Chess set, wooden', 'Baby walker'],
    services: ['Jumping castle hire', 'Kids party entertainment', 'Face painting'],
    price: [3, 400],
    rate: [10, 50],
    features: ['Safe for children.', 'Complete set.', 'Batteries included.', 'Great for birthdays.'],
  },
  'Furniture and Decor': {
    products: ['L-shaped lounge suite', 'Queen bed with base', 'Dining table and 6 chairs', 'Wardrobe, 3 door', 'Office desk', 'TV stand', 'Curtains with rails', 'Kitchen unit, custom', 'Plastic chairs (50)', 'Wall mirror'],
    services: ['Furniture upholstery', 'Carpentry and cabinets', 'Interior decor for events', 'Furniture removals'],
    price: [15, 1500],
    rate: [5, 40],
    features: ['Solid wood.', 'Made to order.', 'Can deliver.', 'Good as new.', 'Various colours available.'],
  },
  Automotive: {
    products: ['Toyota Hilux 2.5 D4D', 'Honda Fit RS', 'Toyota Aqua hybrid', 'Mazda Demio', 'Car battery 12V', 'Tyres 195/65 R15 (set)', 'Toyota Wish 7 seater', 'Nissan NP200', 'Car radio with bluetooth', 'Tow bar'],
    services: ['Mobile mechanic', 'Panel beating and spraying', 'Driving lessons', 'Car wash and valet', 'Vehicle diagnostics', 'Auto electrician'],
    price: [30, 18000],
    rate: [10, 40],
    features: ['Papers in order.', 'Low mileage.', 'Fuel efficient.', 'Well serviced, full history.', 'Swaps considered.'],
  },
  'Baby and Kids': {
    products: ['Pram and car seat combo', 'Baby cot with mattress', 'Baby clothes bundle 0-6 months', 'Breast pump, electric', 'Diapers (wholesale)', 'High chair', 'School bags', 'Baby bath set'],
    services: ['Daycare and creche', 'Nanny services', 'Kids tutoring', 'Baby photoshoots'],
    price: [3, 300],
    rate: [3, 20],
    features: ['Very clean.', 'Used by one child.', 'Hardly used.', 'Safe and sturdy.'],
  },
  'Tools and Hardware': {
    products: ['Bosch drill set', 'Generator 5kVA', 'Welding machine', 'Cement 50kg (PPC)', 'Angle grinder', 'Wheelbarrow', 'Ladder, 6m aluminium', 'Roofing sheets IBR', 'Tile cutter', 'Bricks (per 1000)'],
    services: ['Building and plastering', 'Welding and gates', 'Electrical wiring', 'Tiling', 'Painting', 'Roofing repairs'],
    price: [5, 1200],
    rate: [5, 35],
    features: ['Heavy duty.', 'Comes with accessories.', 'Bulk discount available.', 'Delivery can be arranged.'],
  },
  'Pet Supplies': {
    products: ['Boerboel puppies', 'Dog food 20kg', 'German Shepherd puppies', 'Dog kennel', 'Cat litter and tray', 'Aquarium with fish', 'Rabbits', 'Bird cage'],
    services: ['Dog grooming', 'Dog training', 'Pet sitting', 'Vet home visits'],
    price: [5, 500],
    rate: [5, 30],
    features: ['Vaccinated and dewormed.', 'Good with children.', 'Healthy and playful.', 'Quality food.'],
  },
  'Office and Stationery': {
    products: ['HP LaserJet printer', 'Office chair, ergonomic', 'A4 paper ream (box of 5)', 'Filing cabinet', 'Photocopier, Canon', 'School stationery packs', 'Projector', 'Whiteboard 1.2m'],
    services: ['Printing and photocopying', 'CV writing', 'Company registration help', 'Bookkeeping'],
    price: [3, 900],
    rate: [5, 40],
    features: ['In good working order.', 'Toner included.', 'Bulk prices for schools.', 'Fast turnaround.'],
  },
  'Musical Instruments': {
    products: ['Acoustic guitar', 'Yamaha keyboard', 'Mbira (nhare)', 'Drum set, 5 piece', 'PA system with speakers', 'Microphones (wireless)', 'Marimba set', 'Bass guitar'],
    services: ['Guitar lessons', 'PA system hire', 'Live band for weddings', 'Music recording studio'],
    price: [20, 1200],
    rate: [10, 80],
    features: ['Great sound.', 'Comes with a case.', 'Handmade.', 'Suitable for church or events.'],
  },
  'Art and Craft': {
    products: ['Stone sculptures (Shona)', 'Woven baskets', 'Paintings, canvas', 'Beaded jewellery', 'Wooden carvings', 'Crochet blankets', 'Clay pots'],
    services: ['Portrait painting', 'Craft workshops', 'Signwriting', 'Custom engraving'],
    price: [5, 500],
    rate: [5, 40],
    features: ['Handmade locally.', 'Unique piece.', 'Great gift.', 'Orders taken.'],
  },
  'Outdoor and Camping': {
    products: ['Tent, 4 person', 'Camping chairs', 'Cooler box 50L', 'Braai stand', 'Gazebo 3x3m', 'Fishing rods and tackle', 'Sleeping bags', 'Solar lanterns'],
    services: ['Tent hire for events', 'Fishing trips on Kariba', 'Guided hikes in the Chimanimani', 'Braai catering'],
    price: [5, 600],
    rate: [10, 100],
    features: ['Waterproof.', 'Good for Kariba trips.', 'Easy to carry.', 'Used twice.'],
  },
  'Food and Beverages': {
    products: ['Mealie meal 10kg', 'Cooking oil 5L', 'Fresh tomatoes (crate)', 'Beef (per kg)', 'Dried kapenta 1kg', 'Wedding cakes', 'Honey 1L', 'Mazoe orange crush', 'Peanut butter (homemade)', 'Rice 10kg'],
    services: ['Catering for weddings and funerals', 'Cake baking', 'Lunch deliveries', 'Braai and sadza catering'],
    price: [1, 120],
    rate: [5, 30],
    features: ['Fresh daily.', 'Wholesale and retail.', 'Delivered to your door.', 'Homemade, no preservatives.'],
  },
  'Antiques and Collectibles': {
    products: ['Old Rhodesian coins', 'Vintage gramophone', 'Antique wooden chest', 'Stamp collection', 'Old bank notes (bearer cheques)', 'Vintage Land Rover parts', 'Brass ornaments'],
    services: ['Antique valuation', 'Furniture restoration', 'Clock repairs'],
    price: [5, 900],
    rate: [10, 50],
    features: ['Rare find.', 'Well preserved.', 'Collector’s item.', 'Genuine, with history.'],
  },
  Gardening: {
    products: ['Lawnmower, petrol', 'Garden hose 30m', 'Fruit tree seedlings', 'Compost manure (tonne)', 'Flower pots', 'Garden tools set', 'Lawn grass (per m²)', 'Hedge trimmer'],
    services: ['Garden maintenance', 'Landscaping', 'Tree felling', 'Lawn installation'],
    price: [2, 400],
    rate: [3, 25],
    features: ['Healthy seedlings.', 'Grown locally.', 'Ready to plant.', 'We also deliver.'],
  },
  Other: {
    products: ['Residential stand 400m²', 'Room to rent', 'Bus ticket to Johannesburg', 'Wedding decor items', 'Scrap metal', 'Church chairs and tables'],
    services: ['Moving and transport (truck hire)', 'Event photography', 'Security guards', 'Cross-border deliveries', 'DJ for events', 'Funeral services'],
    price: [5, 15000],
    rate: [5, 80],
    features: ['Serious buyers only.', 'Negotiable.', 'Available immediately.', 'Reliable and trusted.'],
  },
};

/** Suburbs and areas of each city, used for the location field. */
// biome-ignore format: a data table reads best one entry per line
export const LOCATIONS: Record<City, string[]> = {
  Harare: ['Avondale', 'Borrowdale', 'Mbare', 'Highfield', 'Mabelreign', 'Greendale', 'Glen View', 'Budiriro', 'Kuwadzana', 'Warren Park', 'Mount Pleasant', 'Belvedere', 'Eastlea', 'Hatfield', 'Waterfalls', 'Marlborough', 'Chisipite', 'Msasa', 'Dzivarasekwa', 'CBD'],
  Bulawayo: ['Hillside', 'Suburbs', 'Nkulumane', 'Entumbane', 'Pumula', 'Bradfield', 'Burnside', 'Magwegwe', 'Lobengula', 'Mzilikazi', 'Luveve', 'Cowdray Park', 'CBD'],
  Chitungwiza: ['Zengeza 3', 'St Mary’s', 'Seke', 'Makoni', 'Unit L', 'Unit K'],
  Mutare: ['Sakubva', 'Dangamvura', 'Chikanga', 'Murambi', 'Greenside', 'Palmerstone', 'Fern Valley', 'Yeovil'],
  Gweru: ['Mkoba', 'Senga', 'Mambo', 'Ascot', 'Riverside', 'Lundi Park', 'Ivene'],
  Kwekwe: ['Amaveni', 'Mbizo', 'Newtown', 'Fitchlea'],
  Kadoma: ['Rimuka', 'Waverley', 'Ingezi'],
  Masvingo: ['Mucheke', 'Rujeko', 'Runyararo', 'Clipsham'],
  Chinhoyi: ['Hunyani', 'Gadzema', 'Orange Grove', 'Cold Stream'],
  Norton: ['Katanga', 'Ngoni', 'Galloway'],
  Zvishavane: ['Mandava', 'Neil', 'Eastlea'],
  Marondera: ['Dombotombo', 'Nyameni', 'Rusike', 'Yellow City'],
  Chegutu: ['Pfupajena', 'Hintonville', 'Chegutu West'],
  Bindura: ['Chipadze', 'Chiwaridzo', 'Aerodrome'],
  Redcliff: ['Rutendo', 'Torwood'],
  'Victoria Falls': ['Chinotimba', 'Mkhosana', 'Aerodrome'],
  Hwange: ['Lwendulu', 'Empumalanga', 'Madumabisa'],
  Rusape: ['Vengere', 'Magamba', 'Castle Base'],
  Beitbridge: ['Dulibadzimu', 'Lutumba', 'Tshitaudze'],
  Kariba: ['Nyamhunga', 'Mahombekombe', 'Baobab Ridge'],
  Gokwe: ['Gokwe Centre', 'Njelele', 'Mapfungautsi'],
  Chipinge: ['Gaza', 'Usanga', 'Town centre'],
  Shurugwi: ['Ironsides', 'Tongogara', 'Railway Block'],
  Gwanda: ['Jahunda', 'Phakama', 'Spitzkop'],
  Chiredzi: ['Tshovani', 'Buffalo Range', 'Hippo Valley'],
  Mvurwi: ['Chidima', 'Township'],
  Karoi: ['Chikangwe', 'Flamboyant', 'Town centre'],
  Epworth: ['Domboramwari', 'Overspill', 'Chinamano'],
  Ruwa: ['Damofalls', 'Sunway City', 'Windsor Park', 'Zimre Park'],
  Other: ['Growth point', 'Business centre', 'Rural area'],
};

/** Relative weights: most listings come from the big cities. */
export const CITY_WEIGHTS: Partial<Record<City, number>> = {
  Harare: 30,
  Bulawayo: 14,
  Chitungwiza: 6,
  Mutare: 5,
  Gweru: 5,
  Epworth: 3,
  Ruwa: 3,
  Kwekwe: 3,
  Masvingo: 3,
};

// biome-ignore format: a data table reads best one entry per line
export const FIRST_NAMES = ['Tendai', 'Rudo', 'Farai', 'Tatenda', 'Chipo', 'Nyasha', 'Tafadzwa', 'Kudakwashe', 'Rumbidzai', 'Tinashe', 'Sipho', 'Thandiwe', 'Nomsa', 'Themba', 'Sibusiso', 'Blessing', 'Precious', 'Memory', 'Gift', 'Tsitsi', 'Munyaradzi', 'Tapiwa', 'Simbarashe', 'Vimbai', 'Chiedza', 'Fadzai', 'Ngoni', 'Lindiwe', 'Bongani', 'Mandla', 'Nokuthula', 'Takudzwa'];
// biome-ignore format: a data table reads best one entry per line
export const SURNAMES = ['Moyo', 'Ncube', 'Sibanda', 'Dube', 'Ndlovu', 'Mpofu', 'Chari', 'Mutasa', 'Marufu', 'Nyathi', 'Mhlanga', 'Gumbo', 'Shumba', 'Mapfumo', 'Zhou', 'Banda', 'Phiri', 'Chikwanha', 'Makoni', 'Mutendi', 'Hove', 'Mlambo', 'Tshuma', 'Chinembiri', 'Mukwena', 'Khumalo'];

export const PAYMENT_METHODS = [
  'Cash (USD)',
  'EcoCash',
  'InnBucks',
  'OneMoney',
  'Bank transfer',
  'ZiG',
  'Mukuru',
  'Swipe',
];

export const CONDITIONS = [
  'Excellent condition.',
  'Brand new.',
  'Slightly used.',
  'Good condition, minor wear.',
  'Like new.',
];
export const CLOSINGS = [
  'Call or WhatsApp for more pictures.',
  'Price slightly negotiable.',
  'Collection in {location}, or delivery around {city} at a small fee.',
  'Serious enquiries only please.',
  'Viewing by appointment in {location}.',
  'Available this week.',
];
export const SERVICE_LINES = [
  'Over {years} years of experience.',
  'Reliable, affordable and on time.',
  'Serving {city} and surrounding areas.',
  'Free quotations.',
  'References available on request.',
  'Weekends and public holidays too.',
];
